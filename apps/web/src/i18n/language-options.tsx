import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LocaleFlag } from './flags';
import { useAvailableLocales } from './use-available-locales';
import { useChangeLocale, useLocale } from './use-locale';

export interface LanguageOptionsProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
}

/** The languages to choose from, with their flags; its own chunk, fetched on the menu's first opening. */
export default function LanguageOptions(menuProps: LanguageOptionsProps) {
  const locale = useLocale();
  const changeLocale = useChangeLocale();
  const options = useAvailableLocales();
  return (
    <Menu {...menuProps}>
      {options.map((option) => (
        <MenuItem
          key={option.locale}
          lang={option.locale}
          selected={option.locale === locale}
          onClick={() => {
            changeLocale(option.locale);
            menuProps.onClose();
          }}
        >
          <ListItemIcon>
            <LocaleFlag locale={option.locale} />
          </ListItemIcon>
          <ListItemText>{option.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
