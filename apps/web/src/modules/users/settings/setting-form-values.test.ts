import { describe, expect, it } from 'vitest';
import { type SettingFormValues, toSettingBody, toSettingFormValues } from './setting-form-values';

const values = (patch: Partial<SettingFormValues>): SettingFormValues => ({
  ...toSettingFormValues(),
  key: 'site.name',
  ...patch,
});

describe('setting form values', () => {
  it('shows a stored value as it is edited', () => {
    expect(toSettingFormValues({ key: 'a', type: 'json', value: { x: 1 }, is_public: true }).text).toBe(
      '{\n  "x": 1\n}',
    );
    expect(toSettingFormValues({ key: 'a', type: 'integer', value: 42, is_public: false }).text).toBe('42');
    expect(toSettingFormValues({ key: 'a', type: 'boolean', value: true, is_public: false }).flag).toBe(true);
  });

  it('builds the typed body; the key goes only into a new setting', () => {
    expect(toSettingBody(values({ type: 'integer', text: ' 42 ' }), 'create')).toEqual({
      ok: true,
      body: { key: 'site.name', type: 'integer', value: 42, is_public: false },
    });
    expect(toSettingBody(values({ type: 'boolean', flag: true, is_public: true }), 'edit')).toEqual({
      ok: true,
      body: { type: 'boolean', value: true, is_public: true },
    });
    expect(toSettingBody(values({ type: 'json', text: '[1, 2]' }), 'edit')).toEqual({
      ok: true,
      body: { type: 'json', value: [1, 2], is_public: false },
    });
  });

  it('names the fault of a value that does not fit its type', () => {
    expect(toSettingBody(values({ type: 'integer', text: '4.5' }), 'edit')).toEqual({
      ok: false,
      errors: { text: 'mustBeInteger' },
    });
    expect(toSettingBody(values({ type: 'json', text: '{"a": ' }), 'edit')).toEqual({
      ok: false,
      errors: { text: 'invalidJson' },
    });
    expect(
      toSettingBody(values({ key: 'availableLocales', type: 'json', text: '{"xx": ""}' }), 'create'),
    ).toEqual({ ok: false, errors: { text: 'invalidLocales' } });
    expect(
      toSettingBody(values({ type: 'json', text: `${'['.repeat(65)}1${']'.repeat(65)}` }), 'edit'),
    ).toEqual({ ok: false, errors: { text: 'jsonTooDeep' } });
  });

  it('checks the key of a new setting', () => {
    expect(toSettingBody(values({ key: '' }), 'create')).toEqual({ ok: false, errors: { key: 'required' } });
    expect(toSettingBody(values({ key: 'bad key!' }), 'create')).toEqual({
      ok: false,
      errors: { key: 'invalidKey' },
    });
  });
});
