import { z } from 'zod';

/**
 * CSV import of a list (`POST <list>/import`): the query that says what to do, and the report a dry
 * run or a commit answers. The panel's wizard and the server read these same schemas.
 */
export const IMPORT_MODES = ['dry-run', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** What a row whose key names a stored record does: left alone, written over, or refused. */
export const IMPORT_CONFLICTS = ['skip', 'update', 'fail'] as const;
export type ImportConflict = (typeof IMPORT_CONFLICTS)[number];

/** `all`: any rejected row writes nothing (one transaction). `valid`: the valid rows are written. */
export const IMPORT_ROWS = ['all', 'valid'] as const;
export type ImportRows = (typeof IMPORT_ROWS)[number];

export const importQuerySchema = z.strictObject({
  mode: z.enum(IMPORT_MODES, { error: 'invalidOption' }).default('dry-run'),
  onConflict: z.enum(IMPORT_CONFLICTS, { error: 'invalidOption' }).default('skip'),
  rows: z.enum(IMPORT_ROWS, { error: 'invalidOption' }).default('all'),
  /** The file's name for the audit log, when no `Content-Disposition` names it. */
  filename: z.string().max(255, { error: 'tooLong' }).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** Rows of each kind a report lists (the counts are always whole). */
export const IMPORT_LISTED_ROWS = 100;

/** A row's key as the file gives it (`{ email: "ann@example.com" }`). */
const importKeySchema = z.record(z.string(), z.unknown());

export const importChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** A row of the file that was (or would be) written or left: its line, key and, for updates, what changes. */
export const importRowSchema = z.object({
  line: z.number().int(),
  key: importKeySchema,
  changes: z.array(importChangeSchema).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A refused row: its line, its cells by column, and the reasons by field (`_row` for the whole row). */
export const importRejectedRowSchema = z.object({
  line: z.number().int(),
  cells: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRejectedRow = z.infer<typeof importRejectedRowSchema>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importReportSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  /** Whether anything was written: false for a dry run and for an `all` commit with a rejected row. */
  committed: z.boolean(),
  columns: z.object({
    /** Each column of the file that names a field, by label (either language) or field name. */
    matched: z.array(z.object({ column: z.string(), field: z.string() })),
    /** Columns that name no field of the list: not read. */
    unknown: z.array(z.string()),
    /** Columns of the list that are not written (the id, timestamps). */
    ignored: z.array(z.string()),
  }),
  counts: importCountsSchema,
  created: z.array(importRowSchema),
  updated: z.array(importRowSchema),
  unchanged: z.array(importRowSchema),
  skipped: z.array(importRowSchema),
  rejected: z.array(importRejectedRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
