import {
  EXCHANGE_SOURCE_LOCALE,
  type ExchangeFormat,
  type ImportMode,
  type ImportReport,
  type ImportRows,
  isBilingual,
  LOCALES,
  type Locale,
  translationsResource,
} from '@pult/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../app/services-context';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { resourceKeys } from '../../../resources/resource-api';
import { formatOfFile, localeInName, sendExchange } from './exchange-api';

export type ExchangeStep = 'file' | 'preview' | 'summary';

export interface ExchangeImport {
  step: ExchangeStep;
  file: File | null;
  format: ExchangeFormat | null;
  locale: Locale;
  /** The languages the chosen format can carry: XLIFF and PO translate from Ukrainian into another. */
  locales: readonly Locale[];
  rows: ImportRows;
  preview: ImportReport | null;
  result: ImportReport | null;
  busy: 'checking' | 'importing' | null;
  error: ViewText | null;
  choose(file: File): void;
  setLocale(locale: Locale): void;
  setRows(rows: ImportRows): void;
  check(): void;
  commit(rows?: ImportRows): void;
  back(): void;
  restart(): void;
}

const localesFor = (format: ExchangeFormat | null): readonly Locale[] =>
  format && isBilingual(format) ? LOCALES.filter((locale) => locale !== EXCHANGE_SOURCE_LOCALE) : LOCALES;

/**
 * A translator's file brought back (XLIFF, PO or i18next JSON): chosen → checked (a dry run of the
 * same import as CSV) → imported → summed up. Only the file's language is written.
 */
export function useExchangeImport(readerLocale: Locale): ExchangeImport {
  const services = useServices();
  const [step, setStep] = useState<ExchangeStep>('file');
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ExchangeFormat | null>(null);
  const [locale, setLocaleState] = useState<Locale>(readerLocale);
  const [rows, setRowsState] = useState<ImportRows>('all');
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<ExchangeImport['busy']>(null);
  const [error, setError] = useState<ViewText | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (mode: ImportMode, rowsToWrite: ImportRows): Promise<ImportReport | null> => {
      if (!file || !format) return null;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setBusy(mode === 'commit' ? 'importing' : 'checking');
      setError(null);
      try {
        const query = { format, locale, mode, rows: rowsToWrite, filename: file.name.slice(0, 255) };
        const report = await sendExchange(services, file, query, controller.signal);
        return controller.signal.aborted ? null : report;
      } catch (failure) {
        if (!controller.signal.aborted) setError(formErrorToView(failure, []).general);
        return null;
      } finally {
        setBusy(null);
        if (mode === 'commit') {
          void services.queryClient.invalidateQueries({ queryKey: resourceKeys.all(translationsResource) });
        }
      }
    },
    [services, file, format, locale],
  );

  const choose = useCallback(
    (next: File) => {
      const nextFormat = formatOfFile(next.name);
      setFile(next);
      setFormat(nextFormat);
      setPreview(null);
      setError(nextFormat ? null : { key: 'notifications.translations.exchange.unknownFormat' });
      const allowed = localesFor(nextFormat);
      // A JSON file says its language only in its name (`translations-en-US.json`, `en.json`).
      const named = localeInName(next.name);
      const chosen = named && allowed.includes(named) ? named : locale;
      setLocaleState(allowed.includes(chosen) ? chosen : (allowed[0] ?? locale));
    },
    [locale],
  );

  const check = useCallback(() => {
    if (busy) return;
    void send('dry-run', rows).then((report) => {
      if (!report) return;
      setPreview(report);
      setStep('preview');
    });
  }, [busy, send, rows]);

  const commit = useCallback(
    (override?: ImportRows) => {
      if (busy) return;
      if (override) setRowsState(override);
      void send('commit', override ?? rows).then((report) => {
        if (!report) return;
        setResult(report);
        setStep('summary');
      });
    },
    [busy, send, rows],
  );

  return {
    step,
    file,
    format,
    locale,
    locales: localesFor(format),
    rows,
    preview,
    result,
    busy,
    error,
    choose,
    setLocale: (next) => {
      setLocaleState(next);
      setPreview(null);
    },
    setRows: (next) => {
      setRowsState(next);
      setPreview(null);
    },
    check,
    commit,
    back: () => {
      abort.current?.abort();
      setError(null);
      setStep('file');
    },
    restart: () => {
      setStep('file');
      setFile(null);
      setFormat(null);
      setPreview(null);
      setResult(null);
      setError(null);
    },
  };
}
