import { STORAGE_KEYS } from '@pult/contract';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_TEXTS } from '../test/all-texts';
import { createI18n } from './i18n';
import { I18nProvider, useTranslation } from './use-translation';

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <h1>
      {t('login.title')} ({i18n.language})
    </h1>
  );
}

describe('useTranslation', () => {
  beforeEach(() => window.localStorage.clear());

  it('renders in the stored language from the first render, and again after a switch', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    render(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Sign in (en-US)');
    await act(() => i18n.changeLanguage('uk-UA'));
    expect(screen.getByRole('heading').textContent).toBe('Вхід (uk-UA)');
  });

  it('refuses to run outside the provider', () => {
    // React reports the error it rethrows; the test only needs the throw.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Title />)).toThrow('useTranslation outside I18nProvider');
    quiet.mockRestore();
  });
});
