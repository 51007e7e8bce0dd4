import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense } from 'react';
import { lazyWithRetry } from '../app/lazy-with-retry';
import { useMenuAnchor } from '../ui/use-menu-anchor';
import { useNeededOnce } from '../ui/use-needed-once';
import { LocaleFlag } from './flags';
import { useLocale } from './use-locale';
import { useTranslation } from './use-translation';

// The menu's code (MUI's Menu, popover and modal) is not part of the sign-in screen's download.
const LanguageOptions = lazyWithRetry(() => import('./language-options'));

/** The flag menu of the sign-in, recovery and shell screens (spec §1). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { triggerProps, menuProps } = useMenuAnchor();
  const needed = useNeededOnce(menuProps.open);

  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton aria-label={t('language.label')} {...triggerProps}>
          <LocaleFlag locale={locale} />
        </IconButton>
      </Tooltip>
      {needed && (
        <Suspense fallback={null}>
          <LanguageOptions {...menuProps} />
        </Suspense>
      )}
    </>
  );
}
