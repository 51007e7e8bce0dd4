import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { FALLBACK_LOCALE_OPTIONS, type LocaleOption, parseAvailableLocales } from './available-locales';
import { useLocale } from './use-locale';

/**
 * The cache key of the offered languages, in every UI language. A screen that changes the public
 * settings invalidates it, so the picker offers what was just saved.
 */
export const availableLocalesQueryKey = ['settings', 'availableLocales'] as const;

/**
 * Languages offered by the picker. The list is public (the sign-in screen shows it), so it is fetched
 * without a token; while it loads, or when it fails, the built-in Ukrainian and English are offered.
 */
export function useAvailableLocales(): readonly LocaleOption[] {
  const { http, authUrl } = useServices();
  const locale = useLocale();
  const query = useQuery({
    // `translate=true` localises the labels by the Lang header, so the language is part of the key.
    queryKey: [...availableLocalesQueryKey, locale],
    queryFn: async ({ signal }) =>
      parseAvailableLocales(
        await http.get<unknown>(authUrl('/admin/settings'), {
          query: { translate: 'true' },
          auth: false,
          signal,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    // Keep the previous language's labels on screen while the new ones load.
    placeholderData: (previous) => previous,
    retry: false,
  });
  return query.data ?? FALLBACK_LOCALE_OPTIONS;
}
