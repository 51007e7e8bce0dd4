import type {
  ImportConflict,
  ImportQuery,
  ImportReport,
  ImportRows,
  ResourceDescriptor,
} from '@pult/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services-context';
import { formErrorToView } from '../../forms/form-error-view';
import type { ViewText } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';
import { resourceKeys } from '../../resources/resource-api';
import { saveBlob } from '../export/download-csv';
import { useLabelText } from '../use-label-text';
import {
  allFieldsHeader,
  type ColumnMapping,
  type ImportField,
  missingKeys,
  prefilledMapping,
  remappedFile,
  writableFields,
} from './column-mapping';
import { type CsvHead, decodeHead, readCsvHead } from './csv-head';
import { commitImport, fetchRejectedRows, sendImport } from './import-api';

export type ImportStep = 'file' | 'columns' | 'preview' | 'summary';
export type ImportBusy = 'reading' | 'checking' | 'importing' | 'downloading';

/** A picked file and what was read of its head (the rest is sent as it is, never read here). */
export interface PickedFile {
  file: File;
  head: CsvHead;
  headText: string;
}

export interface ImportOptions {
  onConflict: ImportConflict;
  rows: ImportRows;
}

export interface ImportWizard {
  step: ImportStep;
  picked: PickedFile | null;
  fields: readonly ImportField[];
  mapping: ColumnMapping;
  /** Key fields no column fills: the file cannot be checked until one does. */
  missing: string[];
  options: ImportOptions;
  /** The dry run of the file as mapped. */
  preview: ImportReport | null;
  /** The commit's report. */
  result: ImportReport | null;
  busy: ImportBusy | null;
  /** Bytes of the file sent while a commit runs. */
  sent: { loaded: number; total: number } | null;
  error: ViewText | null;
  choose(file: File): void;
  map(column: number, field: string | null): void;
  setOptions(options: Partial<ImportOptions>): void;
  check(): void;
  commit(rows?: ImportRows): void;
  downloadRejected(): void;
  back(): void;
  restart(): void;
}

/** Enough of a file to read its header and a few sample rows; the server reads the whole. */
const HEAD_BYTES = 64 * 1024;

const csvBlob = (line: string) => new Blob([`${line.replace(/[\r\n]+$/, '')}\r\n`], { type: 'text/csv' });

/**
 * The import wizard's behaviour: pick a file → map its columns (pre-filled by the server's own
 * matching) → a dry run → commit → summary. The server validates everything; this hook only keeps
 * the steps, and sends the file with a header that says which column fills which field.
 */
export function useImportWizard(descriptor: ResourceDescriptor): ImportWizard {
  const services = useServices();
  const { i18n } = useTranslation();
  const labelText = useLabelText();
  const [step, setStep] = useState<ImportStep>('file');
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fields, setFields] = useState<readonly ImportField[]>([]);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [options, setOptionsState] = useState<ImportOptions>({ onConflict: 'skip', rows: 'all' });
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<ImportBusy | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [error, setError] = useState<ViewText | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  /** Runs one step's request; a failure stays on the step with the server's text. */
  const attempt = useCallback(async (kind: ImportBusy, work: (signal: AbortSignal) => Promise<void>) => {
    // One request at a time: a newer one (or a change of mapping or options) makes the older moot.
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(kind);
    setError(null);
    try {
      await work(controller.signal);
    } catch (failure) {
      if (!controller.signal.aborted) setError(formErrorToView(failure, []).general);
    } finally {
      if (abort.current === controller) abort.current = null;
      setBusy(null);
    }
  }, []);

  const choose = useCallback(
    (file: File) =>
      void attempt('reading', async (signal) => {
        const headText = decodeHead(await file.slice(0, HEAD_BYTES).arrayBuffer());
        const head = headText === null ? null : readCsvHead(headText, file.size <= HEAD_BYTES);
        if (headText === null || !head) {
          setError({ key: 'tableTools.import.notCsv' });
          return;
        }
        const probe = (line: string) =>
          sendImport(
            services,
            descriptor,
            csvBlob(line),
            { mode: 'dry-run', onConflict: 'skip', rows: 'all' },
            signal,
          );
        const headerLine = headText.slice(head.bom ? 1 : 0, head.headerLength);
        const [all, own] = await Promise.all([
          probe(allFieldsHeader(descriptor)),
          // A header the server refuses as it is (no key column) is mapped by hand.
          probe(headerLine).catch(() => null),
        ]);
        if (signal.aborted) return;
        const writable = writableFields(descriptor, all);
        setFields(writable);
        setMapping(prefilledMapping(head.header, own?.columns.matched ?? null, writable, labelText));
        setPicked({ file, head, headText });
        setPreview(null);
        setStep('columns');
      }),
    [attempt, services, descriptor, labelText],
  );

  const queryOf = useCallback(
    (mode: ImportQuery['mode'], rows = options.rows): ImportQuery => ({
      mode,
      onConflict: options.onConflict,
      rows,
      ...(picked ? { filename: picked.file.name.slice(0, 255) } : {}),
    }),
    [options, picked],
  );

  const body = useCallback(
    () => (picked ? remappedFile(picked.file, picked.head, picked.headText, mapping) : null),
    [picked, mapping],
  );

  const check = useCallback(() => {
    const file = body();
    if (!file || busy) return;
    void attempt('checking', async (signal) => {
      const report = await sendImport(services, descriptor, file, queryOf('dry-run'), signal);
      if (signal.aborted) return;
      setPreview(report);
      setStep('preview');
    });
  }, [attempt, body, busy, services, descriptor, queryOf]);

  const commit = useCallback(
    (rows?: ImportRows) => {
      const file = body();
      if (!file || busy) return;
      if (rows) setOptionsState((current) => ({ ...current, rows }));
      void attempt('importing', async (signal) => {
        setSent({ loaded: 0, total: file.size });
        try {
          const query = queryOf('commit', rows);
          const onProgress = (loaded: number, total: number) => setSent({ loaded, total });
          setResult(await commitImport(services, descriptor, file, query, i18n.language, onProgress, signal));
          setStep('summary');
        } finally {
          setSent(null);
          void services.queryClient.invalidateQueries({ queryKey: resourceKeys.all(descriptor) });
        }
      });
    },
    [attempt, body, busy, services, descriptor, queryOf, i18n.language],
  );

  const downloadRejected = useCallback(() => {
    const file = body();
    if (!file || busy || !picked) return;
    void attempt('downloading', async () => {
      const rejected = await fetchRejectedRows(services, descriptor, file, queryOf('dry-run'));
      saveBlob(rejected, `${picked.file.name.replace(/\.csv$/i, '')}-rejected.csv`);
    });
  }, [attempt, body, busy, picked, services, descriptor, queryOf]);

  const map = useCallback((column: number, field: string | null) => {
    setMapping((current) =>
      current.map((value, index) => {
        if (index === column) return field;
        // A field fills one column: choosing it here takes it from the column that had it.
        return field !== null && value === field ? null : value;
      }),
    );
    setPreview(null);
  }, []);

  const setOptions = useCallback((next: Partial<ImportOptions>) => {
    setOptionsState((current) => ({ ...current, ...next }));
    setPreview(null);
  }, []);

  const back = useCallback(() => {
    abort.current?.abort();
    setError(null);
    setStep((current) => (current === 'preview' ? 'columns' : 'file'));
  }, []);

  const restart = useCallback(() => {
    setStep('file');
    setPicked(null);
    setPreview(null);
    setResult(null);
    setError(null);
  }, []);

  return {
    step,
    picked,
    fields,
    mapping,
    missing: missingKeys(descriptor, mapping),
    options,
    preview,
    result,
    busy,
    sent,
    error,
    choose,
    map,
    setOptions,
    check,
    commit,
    downloadRejected,
    back,
    restart,
  };
}
