import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import { reportSectionTitle, reportSeriesLabel, reportTexts } from './texts.js';

describe('a report series label', () => {
  const en = reportTexts('en-US');

  it('prefers the name the server gave, then the text for the key, then the key', () => {
    expect(reportSeriesLabel(en, 'users', 'signups', '7', 'Ukraine')).toBe('Ukraine');
    expect(reportSeriesLabel(en, 'users', 'signups', 'uk-UA', null)).toBe('Ukrainian');
    expect(reportSeriesLabel(en, 'users', 'signups', 'xx', null)).toBe('xx');
  });

  it('names an empty key by `none` and knows delivery outcomes and audit actions', () => {
    expect(reportSeriesLabel(en, 'administrators', 'byResource', '', null)).toBe(
      'No resource (sign-ins, sign-outs)',
    );
    expect(reportSeriesLabel(reportTexts('uk-UA'), 'delivery', 'byStatus', 'sent', null)).toBe('Надіслано');
    expect(reportSeriesLabel(en, 'administrators', 'byAction', 'signin_failed', null)).toBe('Failed sign-in');
  });

  it('titles a section by its text, else by its id', () => {
    expect(reportSectionTitle(en, 'chat', 'channels')).toBe('Channels by activity');
    expect(reportSectionTitle(en, 'chat', 'later')).toBe('later');
  });

  it('names every resource the audit log may name, in both languages', () => {
    const names = Object.values(contract)
      .filter(
        (value) => typeof value === 'object' && value !== null && 'service' in value && 'fields' in value,
      )
      .map((descriptor) => (descriptor as { name: string }).name);
    expect(names.length).toBeGreaterThan(20);
    for (const locale of ['en-US', 'uk-UA'] as const) {
      const texts = reportTexts(locale);
      const unnamed = names.filter(
        (name) => reportSeriesLabel(texts, 'administrators', 'byResource', name, null) === name,
      );
      expect(unnamed, locale).toEqual([]);
    }
  });
});
