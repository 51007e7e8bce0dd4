/** Business constants of spec §9; the panel and the services read them from here only. */

/** Renew the access token when fewer than this many seconds remain. */
export const RENEW_THRESHOLD_SECONDS = 30;
/** Minimum gap between two token checks. */
export const TOKEN_CHECK_MIN_GAP_MS = 5_000;
/** No unforced renewal within this long after the last one. */
export const RENEW_COOLDOWN_MS = 30_000;
/** The periodic check runs every (lifetime − 30 − 5) s, clamped to these bounds. */
export const PERIODIC_CHECK_MARGIN_SECONDS = 5;
export const PERIODIC_CHECK_MIN_MS = 5_000;
export const PERIODIC_CHECK_MAX_MS = 3_600_000;
/** Lifetime assumed when the server's expiry value cannot be read. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 180;
/** `expires_at` values above this are milliseconds, not seconds. */
export const EXPIRY_MILLISECONDS_THRESHOLD = 1e10;

/** Where the server publishes the panel's runtime settings (`RuntimeConfig`). */
export const RUNTIME_CONFIG_URL = '/config.json';

export const PASSWORD_MIN_LENGTH = 8;
export const SUCCESS_REDIRECT_DELAY_MS = 2_000;
export const RECOVERY_PANEL_MAX_WIDTH = 400;
export const DRAWER_WIDTH = 250;

export const LAZY_LOAD_RETRIES = 3;
export const LAZY_LOAD_RETRY_DELAY_MS = 1_000;

export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_BUTTONS = 10;
export const INPUT_DEBOUNCE_MS = 300;
export const FILTER_DEBOUNCE_MS = 300;

export const NOTICE_TIMEOUT_MS = 5_000;
export const LONG_PRESS_MS = 600;

export const THEME_COLORS = {
  primary: '#1976D2',
  secondary: '#424242',
  background: '#FAFAFA',
  edit: '#FFA000',
} as const;

/** Browser local-storage keys (spec §3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresAt: 'expires_at',
  refreshExpiredAt: 'refresh_expired_at',
  language: 'language_locale',
  menuExpandedSections: 'menuExpandedSections',
} as const;

/** How long a rotated refresh token is still honoured, so two tabs renewing at once both survive. */
export const REFRESH_GRACE_SECONDS = 10;
/** A password-recovery code is valid this long. */
export const RECOVERY_CODE_TTL_SECONDS = 15 * 60;
/**
 * An imported administrator's invitation (a code that sets their first password) is valid this long:
 * longer than recovery's, since nobody asked for it and it may wait for the next working day.
 */
export const ADMIN_INVITATION_TTL_SECONDS = 7 * 24 * 3600;
/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;
