import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database.js';
import { AUDITED_RECORDS_MAX, auditedTarget } from './import-audit.js';
import type { ImportTarget, Values } from './import-target.js';

/** A table of people by e-mail held in memory; an insert refuses a key it holds already. */
function memoryTarget(): ImportTarget & { rows: Map<string, Values> } {
  const rows = new Map<string, Values>();
  const methods: Pick<ImportTarget, 'keyText' | 'find' | 'insert' | 'update'> = {
    keyText: (key) => String(key.email),
    async find(_executor, keys) {
      return keys.flatMap((key) => {
        const values = rows.get(String(key.email));
        return values ? [{ id: String(key.email), values: { ...values } }] : [];
      });
    },
    async insert(_executor, values) {
      const fresh = values.filter((value) => !rows.has(String(value.email)));
      for (const value of fresh) rows.set(String(value.email), value);
      return fresh.map((value) => ({ email: value.email }));
    },
    async update(_executor, record, changes) {
      rows.set(String(record.id), { ...rows.get(String(record.id)), ...changes });
    },
  };
  // The engine's other needs (a database, schemas) are not the wrapper's.
  const descriptor = { importKey: ['email'] };
  return { ...methods, rows, descriptor } as unknown as ImportTarget & { rows: Map<string, Values> };
}

const executor = {} as Executor;
const now = new Date();

describe('auditedTarget', () => {
  it('notes created records and changes of the audited fields only, with their stored values', async () => {
    const inner = memoryTarget();
    inner.rows.set('old@a.test', { email: 'old@a.test', name: 'Old', status: 1, groups: [] });
    const { target, detail } = auditedTarget(inner, ['groups', 'status']);
    await target.insert(
      executor,
      [{ email: 'new@a.test', name: 'New', groups: ['ops'] }, { email: 'old@a.test' }],
      now,
    );
    const [stored] = await inner.find(executor, [{ email: 'old@a.test' }]);
    await target.update(executor, stored!, { name: 'Renamed' }, now);
    await target.update(executor, stored!, { status: 2 }, now);
    expect(detail()).toEqual({
      records: [
        {
          key: { email: 'new@a.test' },
          op: 'create',
          changes: [{ field: 'groups', before: null, after: ['ops'] }],
        },
        {
          key: { email: 'old@a.test' },
          op: 'update',
          id: 'old@a.test',
          changes: [{ field: 'status', before: 1, after: 2 }],
        },
      ],
    });
  });

  it(`lists the first ${AUDITED_RECORDS_MAX} records and counts the others`, async () => {
    const { target, detail } = auditedTarget(memoryTarget(), ['status']);
    const rows = Array.from({ length: AUDITED_RECORDS_MAX + 2 }, (_, index) => ({
      email: `${index}@a.test`,
    }));
    await target.insert(executor, rows, now);
    await target.update(executor, { id: '0@a.test', values: { email: '0@a.test' } }, { status: 2 }, now);
    const { records, truncated } = detail();
    expect(records).toHaveLength(AUDITED_RECORDS_MAX);
    expect(truncated).toBe(3);
  });
});
