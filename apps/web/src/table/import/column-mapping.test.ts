import type { ImportReport, ResourceDescriptor } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import {
  allFieldsHeader,
  mappedHeader,
  missingKeys,
  prefilledMapping,
  remappedFile,
  writableFields,
} from './column-mapping';
import { decodeHead, readCsvHead } from './csv-head';

const descriptor = {
  name: 'people',
  service: 'auth',
  path: '/admin/people',
  defaultSort: 'id',
  importKey: ['email'],
  writeOnlyFields: ['password'],
  fields: [
    { name: 'id', label: 'common.fields.id', sortable: true, display: { kind: 'text' } },
    { name: 'email', label: 'people.email', sortable: true, display: { kind: 'text' } },
    { name: 'name', label: 'people.name', sortable: true, display: { kind: 'text' } },
    { name: 'password', label: 'people.password', sortable: false, display: { kind: 'text' }, secret: true },
  ],
} satisfies ResourceDescriptor;

const labels: Record<string, string> = { 'people.email': 'Пошта', 'people.name': "Ім'я" };
const labelOf = (key: string) => labels[key] ?? key;

function report(matched: ImportReport['columns']['matched']): ImportReport {
  const counts = { rows: 0, create: 0, update: 0, unchanged: 0, skipped: 0, rejected: 0 };
  return {
    mode: 'dry-run',
    committed: false,
    columns: { matched, unknown: [], ignored: [] },
    counts,
    created: [],
    updated: [],
    unchanged: [],
    skipped: [],
    rejected: [],
  };
}

const writable = [
  { name: 'email', label: 'people.email' },
  { name: 'name', label: 'people.name' },
];

describe('column mapping', () => {
  it('asks the server about every shown field but the secrets', () => {
    expect(allFieldsHeader(descriptor)).toBe('id,email,name');
  });

  it('offers the fields the server matched as written, in the list order', () => {
    const all = report([
      { column: 'name', field: 'name' },
      { column: 'email', field: 'email' },
      { column: 'groups', field: 'groups' },
    ]);
    expect(writableFields(descriptor, all)).toEqual([...writable, { name: 'groups', label: 'groups' }]);
  });

  it("pre-fills from the server's matching, leaving the rest unmapped", () => {
    const matched = [{ column: 'E-mail', field: 'email' }];
    expect(prefilledMapping([' E-mail ', 'Notes'], matched, writable, labelOf)).toEqual(['email', null]);
  });

  it('pre-fills by name or label in the reading language when the server refused the header', () => {
    expect(prefilledMapping(["ім'я", 'Other', 'EMAIL'], null, writable, labelOf)).toEqual([
      'name',
      null,
      'email',
    ]);
  });

  it('fills a field from one column only', () => {
    expect(prefilledMapping(['email', 'Пошта'], null, writable, labelOf)).toEqual(['email', null]);
  });

  it('names the key fields no column fills', () => {
    expect(missingKeys(descriptor, ['name', null])).toEqual(['email']);
    expect(missingKeys(descriptor, ['email', null])).toEqual([]);
  });

  it('writes the mapped header with field names and unmapped columns renamed out of reach', () => {
    const head = readCsvHead('Пошта;Note, with comma;x\na;b;c\n');
    if (!head) throw new Error('no head');
    expect(mappedHeader(head, ['email', null, 'name'])).toBe('email;~Note, with comma;name');
  });

  it('replaces only the header bytes of the file, BOM and multi-byte text included', async () => {
    const file = new Blob(["\uFEFFПошта,Ім'я\r\nann@example.com,Анна\r\n"]);
    // Read as the wizard reads a picked file: its first bytes, decoded with the BOM kept.
    const text = decodeHead(await file.slice(0, 30).arrayBuffer());
    if (text === null) throw new Error('not UTF-8');
    const head = readCsvHead(text, false);
    if (!head) throw new Error('no head');
    expect(head.bom).toBe(true);
    const sent = await remappedFile(file, head, text, ['email', 'name']).text();
    expect(sent).toBe('email,name\r\nann@example.com,Анна\r\n');
  });
});
