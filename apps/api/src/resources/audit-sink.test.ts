import { describe, expect, it } from 'vitest';
import { diffRecords } from './audit-sink.js';

describe('diffRecords', () => {
  it('lists only the fields that changed, with both values', () => {
    expect(
      diffRecords(
        { id: 1, name: 'Kyiv', tags: ['a'], updated_at: '2026-01-01' },
        { id: 1, name: 'Київ', tags: ['a'], updated_at: '2026-01-02' },
      ),
    ).toEqual([{ field: 'name', before: 'Kyiv', after: 'Київ', secret: false }]);
  });

  it('compares nested values by content', () => {
    expect(diffRecords({ value: { a: [1, 2] } }, { value: { a: [1, 2] } })).toEqual([]);
    expect(diffRecords({ value: { a: [1] } }, { value: { a: [1, 2] } })).toEqual([
      { field: 'value', before: { a: [1] }, after: { a: [1, 2] }, secret: false },
    ]);
  });

  it('records a written field the record does not show as a secret, without its value', () => {
    const changes = diffRecords({ id: 1 }, { id: 1 }, { password: 'hunter22', password_repeat: 'hunter22' });
    expect(changes).toEqual([
      { field: 'password', before: null, after: null, secret: true },
      { field: 'password_repeat', before: null, after: null, secret: true },
    ]);
    expect(JSON.stringify(changes)).not.toContain('hunter22');
  });

  it('never records the value of a field named like a secret, even when the record shows it', () => {
    const changes = diffRecords({ api_key: 'old-key' }, { api_key: 'new-key' }, { api_key: 'new-key' });
    expect(changes).toEqual([{ field: 'api_key', before: null, after: null, secret: true }]);
  });

  it('shows a create as every field after, and a delete as every field before', () => {
    expect(diffRecords({}, { id: 7, name: 'A', note: null })).toEqual([
      { field: 'id', before: null, after: 7, secret: false },
      { field: 'name', before: null, after: 'A', secret: false },
    ]);
    expect(diffRecords({ id: 7, name: 'A' }, {})).toEqual([
      { field: 'id', before: 7, after: null, secret: false },
      { field: 'name', before: 'A', after: null, secret: false },
    ]);
  });
});
