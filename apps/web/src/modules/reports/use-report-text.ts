import { type ReportId, type ReportTexts, reportSectionTitle, reportSeriesLabel } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';

/**
 * A report's texts: its title, its sections' titles, and its series' names — the name the server gave
 * (a country, an administrator), else the text for the key, else the key. The rules are the
 * contract's, shared with the mailed report; the texts are the language's chunk (`reports.*` spreads
 * the contract's), so the panel does not load both languages.
 */
export function useReportText(id: ReportId) {
  const { i18n } = useTranslation();
  const texts: ReportTexts = i18n.texts.reports;
  return {
    title: texts[id].title,
    description: texts[id].description,
    section: (section: string) => reportSectionTitle(texts, id, section),
    series: (section: string) => (key: string, name: string | null) =>
      reportSeriesLabel(texts, id, section, key, name),
  };
}
