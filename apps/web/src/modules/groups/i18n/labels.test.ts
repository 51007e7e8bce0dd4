import { groupForm, groupsResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n';
import { ALL_TEXTS } from '../../../test/all-texts';

/** Every label the groups' descriptor and form name resolves to a text in both languages. */
describe('groups labels', () => {
  const keys = [
    ...groupsResource.fields.map((field) => field.label),
    ...groupForm.fields.flatMap((field) => [field.label, ...(field.hint ? [field.hint] : [])]),
  ];

  it.each(['uk-UA', 'en-US'] as const)('resolves in %s', async (language) => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    await i18n.changeLanguage(language);
    for (const key of keys) {
      expect(i18n.exists(key), key).toBe(true);
    }
  });
});
