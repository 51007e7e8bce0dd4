import { channelMessagesResource, channelsResource, channelUsersResource } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n';
import { ALL_TEXTS } from '../../../test/all-texts';

/** Every label a chat descriptor names resolves to a text in both languages. */
describe('chat labels', () => {
  const labels = [channelUsersResource, channelsResource, channelMessagesResource(1)].flatMap((descriptor) =>
    descriptor.fields.flatMap((field) => [
      field.label,
      ...(field.filter?.type === 'select' && 'options' in field.filter
        ? field.filter.options.map((option) => option.label)
        : []),
    ]),
  );

  it.each(['uk-UA', 'en-US'] as const)('resolves in %s', async (language) => {
    const i18n = createI18n(window.localStorage, ALL_TEXTS);
    await i18n.changeLanguage(language);
    for (const key of labels) {
      expect(i18n.exists(key), key).toBe(true);
    }
  });
});
