import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useMenuAnchor } from '../ui/use-menu-anchor';
import { LocaleFlag } from './flags';
import { useAvailableLocales } from './use-available-locales';
import { useChangeLocale, useLocale } from './use-locale';

/** The flag menu of the sign-in, recovery and shell screens (spec §1). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLocale = useChangeLocale();
  const options = useAvailableLocales();
  const { triggerProps, menuProps, close } = useMenuAnchor();

  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton aria-label={t('language.label')} {...triggerProps}>
          <LocaleFlag locale={locale} />
        </IconButton>
      </Tooltip>
      <Menu {...menuProps}>
        {options.map((option) => (
          <MenuItem
            key={option.locale}
            lang={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              changeLocale(option.locale);
              close();
            }}
          >
            <ListItemIcon>
              <LocaleFlag locale={option.locale} />
            </ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
