import Link from '@mui/material/Link';
import { useTranslation } from '../i18n/use-translation';

/** Where the skip link leads: the shell's main region. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The shell's first stop for the keyboard: hidden until focused, it jumps past the top bar and the menu
 * to the page. The focus is moved by hand: a hash in the URL would count as a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 4,
        fontWeight: 500,
        // Off screen, yet reachable and read, until the keyboard lands on it.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('navigation.skipToContent')}
    </Link>
  );
}
