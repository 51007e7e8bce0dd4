import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation';
import { useCompleteness } from './use-completeness';

/**
 * "uk-UA 100 %, en-US 96 %, 3 missing" above the list; each figure filters the list to the entries
 * missing that language.
 */
export function TranslationCompleteness({ onShowMissing }: { onShowMissing: (locale: string) => void }) {
  const { t } = useTranslation();
  const completeness = useCompleteness();
  if (!completeness.data) return <Skeleton variant="text" width={360} sx={{ mb: 2 }} />;
  const { total, locales } = completeness.data;
  if (total === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('notifications.translations.completeness')}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline', mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('notifications.translations.completeness')}:
      </Typography>
      {locales.map(({ locale, filled, missing }) => (
        <Typography key={locale} variant="body2">
          <Link component="button" type="button" variant="body2" onClick={() => onShowMissing(locale)}>
            {t('notifications.translations.localeFigure', {
              locale,
              percent: Math.floor((filled / total) * 100),
            })}
          </Link>{' '}
          <Box component="span" sx={{ color: missing > 0 ? 'warning.dark' : 'success.main' }}>
            (
            {missing > 0
              ? t('notifications.translations.missingFigure', { count: missing })
              : t('notifications.translations.complete')}
            )
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
