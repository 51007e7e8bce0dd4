import { adminForm } from '@pult/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/test-app';
import { conflictRows } from './conflict';
import { ADMIN_RECORD, type FakeCall, fakeApi, storeSession } from './fake-api.test-support';
import type { RecordNews } from './live-record';
import { RecordConflictDialog } from './record-conflict-dialog';

const fields = adminForm.fields.filter((field) => field.name === 'first_name');
const base = { ...ADMIN_RECORD };
const yours = { ...ADMIN_RECORD, first_name: 'Mine' };
const theirs = { ...ADMIN_RECORD, first_name: 'Theirs' };

const EMILY: RecordNews = {
  kind: 'changed',
  actor: { id: 3, name: 'Emily Carter' },
  at: '2026-11-26T14:02:30.000Z',
  version: 'W/"9"',
};

const AUDIT_ENTRY = {
  id: 1,
  created_at: '2026-11-26T13:00:00.000Z',
  admin_id: 4,
  admin_email: 'andrii@pult.test',
  admin_name: 'Andrii Melnyk',
  action: 'update',
  resource: 'admins',
  record_id: '7',
  ip: null,
  user_agent: null,
};

/** Permissions with no grant at all: the audit log may not be read. */
const NO_GRANTS = {
  admin_id: 1,
  groups: ['nobody'],
  version: 'v1',
  grants: [],
  kinds: {},
  mfa_enrollment_required: false,
};

function renderDialog(news: RecordNews | null, answer: (call: FakeCall) => Response | undefined) {
  const api = fakeApi(answer);
  const view = renderApp(
    [
      {
        path: '/form',
        element: (
          <RecordConflictDialog
            open
            rows={conflictRows(fields, base, yours, theirs)}
            values={{ base, yours, theirs }}
            resource="admins"
            recordId={7}
            version={'W/"9"'}
            news={news}
            onResolve={() => undefined}
            onClose={() => undefined}
          />
        ),
      },
    ],
    { path: '/form', fetchFn: api.fetchFn },
  );
  return { ...view, api };
}

describe('RecordConflictDialog: who changed the record', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('names the administrator the live stream named for this version, without asking the audit log', async () => {
    const { api } = renderDialog(EMILY, (call) =>
      call.path === '/admin/audit' ? jsonResponse(200, { items: [AUDIT_ENTRY], total: 1 }) : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    expect(dialog.textContent).toContain('Changed by Emily Carter at 11/26/2026, 2:02 PM UTC.');
    expect(api.sent('GET', '/admin/audit')).toHaveLength(0);
  });

  it('without live news, names the author of the latest audit entry by name', async () => {
    const { api } = renderDialog(null, (call) =>
      call.path === '/admin/audit' ? jsonResponse(200, { items: [AUDIT_ENTRY], total: 1 }) : undefined,
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toMatch(/Changed by Andrii Melnyk at /));
    expect(dialog.textContent).not.toContain('andrii@pult.test');
    expect(api.sent('GET', '/admin/audit')[0]?.query).toMatchObject({
      'filter[resource]': 'admins',
      'filter[record_id]': '7',
    });
  });

  it.each([
    ['en-US', 'Who made that change is not known to you.'],
    ['uk-UA', 'Хто вніс ту зміну, вам невідомо.'],
  ])(
    'says plainly that the author is not known without news and without the audit log (%s)',
    async (locale, text) => {
      window.localStorage.setItem('language_locale', locale);
      const { services } = renderDialog(null, (call) =>
        call.path === '/admin/me/permissions' ? jsonResponse(200, NO_GRANTS) : undefined,
      );
      await waitFor(() => expect(services.permissions.getState().status).toBe('ready'));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog.textContent).toContain(text));
    },
  );
});
