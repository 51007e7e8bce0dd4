import type { FormFieldDescriptor } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../http/http-error';
import type { VersionedRecord } from '../../resources/resource-api';
import { RecordChangedError, saveAtVersion } from './use-record-conflict';

const FIELDS: FormFieldDescriptor[] = [
  { name: 'first_name', label: 'profile.firstName', input: { kind: 'text' } },
  { name: 'phone', label: 'profile.phone', input: { kind: 'text' } },
];
const OPENED = { values: { first_name: 'Olha', phone: '' } };
const stale = () => new HttpError(412, { message: 'Someone else changed this record', current: {} });

describe('saveAtVersion', () => {
  it('saves at the version the form opened', async () => {
    const put = vi.fn(async (version: string | null) => ({ record: { first_name: 'Iryna' }, version }));
    const read = vi.fn();
    const saved = await saveAtVersion({ put, read, fields: FIELDS, base: { ...OPENED, version: 'W/"7"' } });
    expect(put).toHaveBeenCalledWith('W/"7"');
    expect(read).not.toHaveBeenCalled();
    expect(saved.version).toBe('W/"7"');
  });

  it('saves again at the new version when no field the form shows changed', async () => {
    const put = vi
      .fn<(version: string | null) => Promise<VersionedRecord>>()
      .mockRejectedValueOnce(stale())
      .mockResolvedValueOnce({ record: {}, version: 'W/"9"' });
    const read = vi.fn(async () => ({
      record: { first_name: 'Olha', phone: null, seen: 3 },
      version: 'W/"8"',
    }));
    await saveAtVersion({ put, read, fields: FIELDS, base: { ...OPENED, version: 'W/"7"' } });
    expect(put.mock.calls.map(([version]) => version)).toEqual(['W/"7"', 'W/"8"']);
  });

  it('fails with the record now when a shown field changed', async () => {
    const put = vi.fn<(version: string | null) => Promise<VersionedRecord>>().mockRejectedValue(stale());
    const now = { record: { first_name: 'Olena', phone: null }, version: 'W/"8"' };
    const outcome = saveAtVersion({
      put,
      read: async () => now,
      fields: FIELDS,
      base: { ...OPENED, version: 'W/"7"' },
    });
    await expect(outcome).rejects.toBeInstanceOf(RecordChangedError);
    await expect(outcome).rejects.toMatchObject({ current: now });
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('reads the version first when the form was given a record without one (a list row)', async () => {
    const put = vi.fn(async (version: string | null) => ({ record: {}, version }));
    const read = vi.fn(async () => ({ record: { first_name: 'Olha', phone: null }, version: 'W/"5"' }));
    await saveAtVersion({ put, read, fields: FIELDS, base: { ...OPENED, version: undefined } });
    expect(put).toHaveBeenCalledWith('W/"5"');
    // A list row older than the record: nothing is sent, the dialog compares.
    const changed = vi.fn(async () => ({ record: { first_name: 'Olena', phone: null }, version: 'W/"6"' }));
    await expect(
      saveAtVersion({ put, read: changed, fields: FIELDS, base: { ...OPENED, version: undefined } }),
    ).rejects.toBeInstanceOf(RecordChangedError);
    expect(put).toHaveBeenCalledTimes(1);
  });
});
