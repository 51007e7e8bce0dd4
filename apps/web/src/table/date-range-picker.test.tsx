import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../app/app-frame';
import { createI18n } from '../i18n/i18n';
import { ALL_TEXTS } from '../test/all-texts';
import { DateRangePicker } from './date-range-picker';

async function openPicker(language: 'en-US' | 'uk-UA', value: string) {
  window.localStorage.setItem('language_locale', language);
  const onApply = vi.fn();
  render(
    <AppFrame i18n={createI18n(window.localStorage, ALL_TEXTS)}>
      <DateRangePicker label="Created" value={value} onApply={onApply} utc />
    </AppFrame>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Created/ }));
  // The grid is a lazy chunk: it arrives after the popover opens.
  const grid = await screen.findByRole('grid');
  return { onApply, grid };
}

const cell = (grid: HTMLElement, name: string | RegExp) => within(grid).getByRole('gridcell', { name });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('DateRangePicker calendar', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('shows the month in Ukrainian, Monday first, with the picked range selected', async () => {
    const { grid } = await openPicker('uk-UA', '2026-11-10,2026-11-12');
    expect(screen.getByRole('heading', { name: 'Листопад 2026 р.' })).toBeTruthy();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'нд']);
    const selected = within(grid)
      .getAllByRole('gridcell')
      .filter((day) => day.getAttribute('aria-selected') === 'true');
    expect(selected.map((day) => day.getAttribute('aria-label'))).toEqual([
      'вівторок, 10 листопада 2026 р.',
      'середа, 11 листопада 2026 р.',
      'четвер, 12 листопада 2026 р.',
    ]);
  });

  it('picks a range with two clicks, swapping a second day before the start, and emits from,to', async () => {
    const { grid, onApply } = await openPicker('en-US', '2026-11-10');
    expect(within(grid).getAllByRole('columnheader')[0]?.textContent).toBe('Sun');
    fireEvent.click(cell(grid, 'Sunday, November 15, 2026'));
    expect(field('From').value).toBe('11/15/2026');
    expect(field('To').value).toBe('');
    fireEvent.click(cell(grid, 'Wednesday, November 4, 2026'));
    expect(field('From').value).toBe('11/04/2026');
    expect(field('To').value).toBe('11/15/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith('2026-11-04,2026-11-15');
  });

  it('makes one day clicked twice a single day', async () => {
    const { grid, onApply } = await openPicker('en-US', '2026-11-10');
    fireEvent.click(cell(grid, 'Friday, November 20, 2026'));
    fireEvent.click(cell(grid, 'Friday, November 20, 2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith('2026-11-20');
  });

  it('follows a day typed in the fields to its month', async () => {
    const { grid } = await openPicker('en-US', '2026-11-10');
    fireEvent.change(field('From'), { target: { value: '02/14/2027' } });
    expect(screen.getByRole('heading', { name: 'February 2027' })).toBeTruthy();
    expect(cell(grid, 'Sunday, February 14, 2027').getAttribute('aria-selected')).toBe('true');
  });

  it('moves with the keyboard, across months, and picks with Enter and Space', async () => {
    const { grid, onApply } = await openPicker('uk-UA', '2026-11-30');
    const start = cell(grid, 'понеділок, 30 листопада 2026 р.');
    expect(start.tabIndex).toBe(0);
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    const december = cell(grid, 'вівторок, 1 грудня 2026 р.');
    expect(document.activeElement).toBe(december);
    expect(screen.getByRole('heading', { name: 'Грудень 2026 р.' })).toBeTruthy();
    fireEvent.keyDown(december, { key: 'End' });
    const sunday = cell(grid, 'неділя, 6 грудня 2026 р.');
    expect(document.activeElement).toBe(sunday);
    fireEvent.keyDown(sunday, { key: 'Enter' });
    fireEvent.keyDown(sunday, { key: 'PageUp' });
    const november = cell(grid, /^\S+, 6 листопада 2026 р\.$/);
    expect(document.activeElement).toBe(november);
    fireEvent.keyDown(november, { key: ' ' });
    expect(field('Від').value).toBe('06.11.2026');
    expect(field('До').value).toBe('06.12.2026');
    fireEvent.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(onApply).toHaveBeenCalledWith('2026-11-06,2026-12-06');
  });

  it('turns the month with its buttons', async () => {
    await openPicker('en-US', '2026-11-10');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy();
  });
});
