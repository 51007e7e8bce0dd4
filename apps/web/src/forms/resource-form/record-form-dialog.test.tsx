import { countriesResource, countryForm } from '@pult/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/test-app';
import { fakeApi, storeSession } from './fake-api.test-support';
import { RecordFormDialog } from './record-form-dialog';

function NewCountryDialog() {
  const [open, setOpen] = useState(true);
  return (
    <RecordFormDialog
      open={open}
      title="New country"
      form={countryForm}
      resource={countriesResource}
      mode="create"
      onClose={() => setOpen(false)}
    />
  );
}

function renderDialog() {
  renderApp([{ path: '/', element: <NewCountryDialog /> }], {
    path: '/',
    fetchFn: fakeApi(() => undefined).fetchFn,
  });
  return screen.getByRole('dialog', { name: 'New country' });
}

const pressEscape = (element: HTMLElement) => fireEvent.keyDown(element, { key: 'Escape' });
const codeInput = () => screen.getByLabelText(/^ISO code/) as HTMLInputElement;

describe('a form in a dialog', () => {
  beforeEach(storeSession);
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('closes at once on Escape while nothing was typed', async () => {
    const dialog = renderDialog();
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New country' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Escape throws typed changes away; Stay keeps the dialog and the typing', async () => {
    const dialog = renderDialog();
    fireEvent.change(codeInput(), { target: { value: 'UA' } });
    pressEscape(dialog);
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(screen.getByRole('dialog', { name: 'New country' })).toBeTruthy();
    expect(codeInput().value).toBe('UA');
  });

  it('closes when the user chooses to leave', async () => {
    const dialog = renderDialog();
    fireEvent.change(codeInput(), { target: { value: 'UA' } });
    pressEscape(dialog);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New country' })).toBeNull());
  });
});
