import { smtpConfigForm, smtpConfigsResource } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, storeSession } from '../../../forms/resource-form/fake-api.test-support';
import { ResourceForm } from '../../../forms/resource-form/resource-form';
import { notifier } from '../../../notify/notifier';
import { jsonResponse, renderApp } from '../../../test/test-app';

const STORED = {
  id: 3,
  name: 'Relay',
  host: 'smtp.example.test',
  port: 587,
  username: 'mailer',
  password_set: true,
  encryption: 'tls',
  from_address: 'no-reply@example.test',
  from_name: null,
  is_active: true,
  is_default: false,
  config_json: {},
  config_secrets: [],
  template_count: 0,
};

function renderForm() {
  const api = fakeApi((call) =>
    call.method === 'PUT' ? jsonResponse(200, { ...STORED, password_set: true }) : undefined,
  );
  const onSaved = vi.fn();
  renderApp(
    [
      {
        path: '/form',
        element: (
          <ResourceForm
            form={smtpConfigForm}
            resource={smtpConfigsResource}
            mode="edit"
            record={STORED}
            version={'W/"1"'}
            onSaved={onSaved}
            onCancel={() => undefined}
          />
        ),
      },
    ],
    { path: '/form', fetchFn: api.fetchFn },
  );
  const put = () => api.calls.filter((call) => call.method === 'PUT').at(-1)?.body as Record<string, unknown>;
  return { onSaved, put };
}

/** The write-only secret input: "set" without the value, empty keeps, Remove clears. */
describe('secret field of a configuration form', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const notice of notifier.getSnapshot()) notifier.dismiss(notice.id);
  });

  it('shows that a password is stored and sends none when left empty', async () => {
    const { onSaved, put } = renderForm();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(screen.getByText('Stored. Leave empty to keep it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(put()).not.toHaveProperty('password');
  });

  it('sends null after Remove, and a typed value as typed', async () => {
    const { onSaved, put } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('Will be removed on save.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(put()).toMatchObject({ password: null });

    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'n3w-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(put()).toMatchObject({ password: 'n3w-pass' });
  });
});
