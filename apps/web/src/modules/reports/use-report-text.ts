import type { ReportId } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../forms/view-text';

/** Texts a report's series fall back on when the report has none of its own (the audit log's actions). */
const FALLBACK: Partial<Record<string, (key: string) => TextKey>> = {
  byAction: (key) => `audit.actions.${key}` as TextKey,
  byStatus: (key) => `notifications.queue.status.${key}` as TextKey,
  byChannel: (key) => `notifications.queue.channel.${key}` as TextKey,
};

/**
 * A report's texts (`reports.<id>.…`): its title, its sections' titles, and its series' names — the
 * name the server gave (a country, an administrator), else the panel's text for the key, else the key.
 */
export function useReportText(id: ReportId) {
  const { t } = useTranslation();
  const base = `reports.${id}`;
  return {
    title: t(`${base}.title` as TextKey),
    description: t(`${base}.description` as TextKey),
    section: (section: string) => t(`${base}.sections.${section}` as TextKey, { defaultValue: section }),
    series: (section: string) => (key: string, name: string | null) => {
      if (name) return name;
      const own = `${base}.keys.${section}.${key === '' ? 'none' : key}` as TextKey;
      const fallback = FALLBACK[section]?.(key);
      return t(fallback ? [own, fallback] : own, { defaultValue: key });
    },
  };
}
