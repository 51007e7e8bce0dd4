import { describe, expect, it } from 'vitest';
import {
  apiQueryOf,
  choiceFromSearch,
  choiceWithGroup,
  choiceWithPreset,
  lookupOptions,
  searchOfChoice,
} from './report-params';

describe('a report screen’s URL', () => {
  it('defaults to the last 30 days by day', () => {
    expect(choiceFromSearch(new URLSearchParams())).toEqual({
      preset: 'last-30-days',
      from: '',
      to: '',
      group: 'day',
      filters: {},
    });
  });

  it('keeps custom dates, the grouping and the filters, and adds the zone for the API', () => {
    const choice = choiceFromSearch(
      new URLSearchParams('from=2026-01-01&to=2026-03-31&group=week&split=country'),
    );
    expect(choice).toMatchObject({ preset: 'custom', group: 'week', filters: { split: 'country' } });
    expect(searchOfChoice(choice).toString()).toBe('from=2026-01-01&to=2026-03-31&group=week&split=country');
    expect(apiQueryOf(choice, 'Europe/Kyiv')).toContain('tz=Europe%2FKyiv');
  });

  it('ignores an unknown preset or grouping instead of sending it', () => {
    expect(choiceFromSearch(new URLSearchParams('preset=forever&group=year'))).toMatchObject({
      preset: 'last-30-days',
      group: 'day',
    });
  });
});

describe('the country filter’s options', () => {
  const countries = [{ value: 1, label: 'Ukraine' }];

  it('keeps a chosen id the lookup does not name (loading, failed or unknown) as #id, never as “All”', () => {
    expect(lookupOptions('7', [])).toEqual([{ value: '7', label: '#7' }]);
    expect(lookupOptions('7', countries)).toEqual([
      { value: '7', label: '#7' },
      { value: '1', label: 'Ukraine' },
    ]);
  });

  it('adds nothing when no country is chosen or the lookup names it', () => {
    expect(lookupOptions('', countries)).toEqual([{ value: '1', label: 'Ukraine' }]);
    expect(lookupOptions('1', countries)).toEqual([{ value: '1', label: 'Ukraine' }]);
  });
});

describe('picking a period or a grouping', () => {
  const choice = choiceFromSearch(new URLSearchParams('preset=last-7-days&group=week'));

  it('takes a known preset and ignores an unknown one', () => {
    expect(choiceWithPreset(choice, 'this-month', undefined)).toMatchObject({ preset: 'this-month' });
    expect(choiceWithPreset(choice, 'forever', undefined)).toBe(choice);
  });

  it('starts custom dates from the period on screen', () => {
    expect(choiceWithPreset(choice, 'custom', { from: '2026-01-01', to: '2026-01-07' })).toMatchObject({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-07',
      group: 'week',
    });
    expect(choiceWithPreset(choice, 'custom', undefined)).toMatchObject({
      preset: 'custom',
      from: '',
      to: '',
    });
  });

  it('takes a known grouping and ignores an unknown one', () => {
    expect(choiceWithGroup(choice, 'month')).toMatchObject({ group: 'month', preset: 'last-7-days' });
    expect(choiceWithGroup(choice, 'year')).toBe(choice);
  });
});
