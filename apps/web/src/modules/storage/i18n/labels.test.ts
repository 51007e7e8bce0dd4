import {
  bucketForm,
  bucketsResource,
  errorGroupsResource,
  errorsResource,
  filesResource,
  logsResource,
} from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createI18n, type TextKey } from '../../../i18n/i18n';
import { ALL_TEXTS } from '../../../test/all-texts';

/** Every label a storage descriptor names resolves to a text in both languages. */
describe('storage labels', () => {
  const labels = [bucketsResource, filesResource, logsResource, errorsResource, errorGroupsResource].flatMap(
    (descriptor) =>
      descriptor.fields.flatMap((field) => [
        field.label,
        ...(field.filter?.type === 'select' && 'options' in field.filter
          ? field.filter.options.map((option) => option.label)
          : []),
      ]),
  );
  const formLabels = bucketForm.fields.map((field) => field.label);

  it.each(['uk-UA', 'en-US'] as const)('resolves in %s', async (language) => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    await i18n.changeLanguage(language);
    for (const key of [...labels, ...formLabels]) {
      expect(i18n.exists(key), key).toBe(true);
      expect(i18n.t(key as TextKey)).not.toBe(key);
    }
  });
});
