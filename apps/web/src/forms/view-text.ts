import type { TextKey } from '../i18n/i18n';

/** A translation key known to the app's resources (re-exported: the forms and tables name it from here). */
export type { TextKey };

/**
 * A text a plain function decides on but does not render: either a translation key (translated at
 * render time, so it follows language switches) or a server text shown as it came.
 */
export type ViewText<K extends TextKey = TextKey> =
  | { key: K; params?: Record<string, string> }
  | { raw: string };
