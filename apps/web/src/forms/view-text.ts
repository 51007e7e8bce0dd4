import type { ParseKeys } from 'i18next';

/** A translation key known to the app's resources. */
export type TextKey = ParseKeys<'translation'>;

/**
 * A text a plain function decides on but does not render: either a translation key (translated at
 * render time, so it follows language switches) or a server text shown as it came.
 */
export type ViewText<K extends TextKey = TextKey> =
  | { key: K; params?: Record<string, string> }
  | { raw: string };
