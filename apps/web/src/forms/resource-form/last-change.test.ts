import type { AuditEntry } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { lastChangeOf } from './last-change';
import type { RecordNews } from './live-record';

const news = (patch: Partial<RecordNews> = {}): RecordNews => ({
  kind: 'changed',
  actor: { id: 3, name: 'Emily Carter' },
  at: '2026-11-26T14:02:00.000Z',
  version: 'W/"9"',
  ...patch,
});

const entry = (patch: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  created_at: '2026-11-26T13:00:00.000Z',
  admin_id: 4,
  admin_email: 'andrii@pult.test',
  admin_name: 'Andrii Melnyk',
  action: 'update',
  resource: 'users',
  record_id: '5',
  ip: null,
  user_agent: null,
  ...patch,
});

describe('lastChangeOf', () => {
  it('names the live news when it is of the version the record is at now, whatever the audit log says', () => {
    // The audit entry is newer by its clock, but the news is of this very version (a bulk action,
    // which the record's audit entries miss, or a write the log did not see yet).
    const later = entry({ created_at: '2026-11-26T15:00:00.000Z' });
    expect(lastChangeOf({ news: news(), version: '"9"', audit: later, canReadAudit: true })).toEqual({
      kind: 'named',
      name: 'Emily Carter',
      at: '2026-11-26T14:02:00.000Z',
    });
  });

  it('takes the newer of the news and the audit entry when the news is of another version', () => {
    const older = news({ version: 'W/"8"' });
    expect(lastChangeOf({ news: older, version: 'W/"9"', audit: entry(), canReadAudit: true })).toMatchObject(
      {
        name: 'Emily Carter',
      },
    );
    const newer = entry({ created_at: '2026-11-26T14:05:00.000Z' });
    expect(lastChangeOf({ news: older, version: 'W/"9"', audit: newer, canReadAudit: true })).toEqual({
      kind: 'named',
      name: 'Andrii Melnyk',
      at: '2026-11-26T14:05:00.000Z',
    });
  });

  it('falls back to the audit log by name, then by the e-mail recorded when the administrator is gone', () => {
    expect(lastChangeOf({ news: null, version: 'W/"9"', audit: entry(), canReadAudit: true })).toMatchObject({
      name: 'Andrii Melnyk',
    });
    const gone = entry({ admin_name: null });
    expect(lastChangeOf({ news: null, version: 'W/"9"', audit: gone, canReadAudit: true })).toMatchObject({
      name: 'andrii@pult.test',
    });
    const nobody = entry({ admin_id: null, admin_name: null, admin_email: null });
    expect(lastChangeOf({ news: null, version: null, audit: nobody, canReadAudit: true })).toEqual({
      kind: 'time',
      at: '2026-11-26T13:00:00.000Z',
    });
  });

  it('gives only the time of news whose author is not named to this reader', () => {
    expect(
      lastChangeOf({ news: news({ actor: null }), version: 'W/"9"', audit: undefined, canReadAudit: false }),
    ).toEqual({ kind: 'time', at: '2026-11-26T14:02:00.000Z' });
  });

  it('says the author is not known without news and without the audit log (or with nothing in it)', () => {
    expect(lastChangeOf({ news: null, version: 'W/"9"', audit: undefined, canReadAudit: false })).toEqual({
      kind: 'unknown',
    });
    expect(lastChangeOf({ news: null, version: 'W/"9"', audit: null, canReadAudit: true })).toEqual({
      kind: 'unknown',
    });
    // Deleted news is not of a record that is still there to compare.
    expect(
      lastChangeOf({ news: news({ kind: 'deleted' }), version: null, audit: undefined, canReadAudit: false }),
    ).toEqual({ kind: 'unknown' });
  });

  it('waits while the audit log, the only source left, is asked', () => {
    expect(lastChangeOf({ news: null, version: 'W/"9"', audit: undefined, canReadAudit: true })).toBeNull();
  });
});
