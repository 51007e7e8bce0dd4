import { LOCALES, type Locale } from '@pult/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { LocaleOption } from '../i18n/available-locales';
import { LocaleFlag } from '../i18n/flags';
import { usePublic } from './public-context';
import { inShownOrder } from './shown-order';

// The languages' own names until the server's list (the `availableLocales` setting) has arrived.
const BUILT_IN: readonly LocaleOption[] = LOCALES.map((locale) => ({
  locale,
  label: locale === 'uk-UA' ? 'Українська' : 'English',
}));

/**
 * The flag menu of the public screens (spec §1): a menu button and a popup of menu items, keyboard
 * usable (arrows, Home/End, Escape) as the WAI-ARIA menu-button pattern asks.
 */
export function LanguageMenu() {
  const { t, locale, changeLocale, config } = usePublic();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState(BUILT_IN);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The offered languages are a public setting; their parser (and zod) load with the first opening.
    void import('./available-locales-request')
      .then(({ fetchLocaleOptions }) => fetchLocaleOptions(config.authServiceUrl, locale))
      .then((offered) => {
        if (offered) setOptions((shown) => inShownOrder(offered, shown));
      });
    const first = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    first?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!listRef.current?.contains(event.target as Node) && event.target !== buttonRef.current)
        setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open, config.authServiceUrl, locale]);

  function close(): void {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function choose(next: Locale): void {
    changeLocale(next);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      items[((moves[event.key] ?? 0) + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="pk-menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="pk-icon-button"
        title={t('language.label')}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <LocaleFlag locale={locale} />
      </button>
      {open && (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={t('language.label')}
          className="pk-menu"
          onKeyDown={onKeyDown}
        >
          {options.map((option) => (
            <div
              key={option.locale}
              role="menuitem"
              aria-current={option.locale === locale ? 'true' : undefined}
              lang={option.locale}
              tabIndex={-1}
              className="pk-menu-item"
              onClick={() => choose(option.locale)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(option.locale);
                }
              }}
            >
              <LocaleFlag locale={option.locale} />
              {option.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
