import type { ResourceDescriptor } from '@pult/contract';
import { csvCell } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.js';
import { exportColumns } from './export-columns.js';

describe('csv cells', () => {
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])(
    'prefixes %j so a spreadsheet keeps it text',
    (value) => {
      expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('quotes separators, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    expect(csvLine(['a', '', 'c'])).toBe('a,,c\r\n');
  });
});

describe('export columns', () => {
  const descriptor: ResourceDescriptor = {
    name: 'smtpConfigs',
    service: 'notification',
    path: '/admin/smtp-configs',
    defaultSort: 'id',
    writeOnlyFields: ['password'],
    fields: [
      { name: 'id', label: 'common.fields.id', sortable: true, display: { kind: 'text' } },
      { name: 'password', label: 'people.fields.password', sortable: false, display: { kind: 'text' } },
      { name: 'key_encrypted', label: 'x.key', sortable: false, display: { kind: 'text' } },
      {
        name: 'created_at',
        label: 'common.fields.created_at',
        sortable: true,
        display: { kind: 'datetime' },
      },
      { name: 'active', label: 'x.active', sortable: false, display: { kind: 'boolean' } },
    ],
  };

  it('leaves secret fields out, labels in the language asked, times in ISO 8601 UTC', () => {
    const en = exportColumns(descriptor, 'en-US');
    expect(en.map((column) => column.label)).toEqual(['ID', 'Created', 'x.active']);
    expect(exportColumns(descriptor, 'uk-UA').map((column) => column.label)).toEqual([
      'ID',
      'Створено',
      'x.active',
    ]);
    const item = { id: 7, password: 'hunter2', created_at: '2026-11-24T08:00:00+02:00', active: true };
    expect(en.map((column) => column.text(item))).toEqual(['7', '2026-11-24T06:00:00.000Z', 'Yes']);
  });
});
