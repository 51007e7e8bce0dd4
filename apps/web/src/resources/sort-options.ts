import type { Locale } from '@pult/contract';

const collators = new Map<string, Intl.Collator>();

function collatorOf(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Lookup options in the reader's alphabet (countries by their Ukrainian name in Ukrainian: Є after Е,
 * І and Ї after И), whatever order they came in; equal labels keep their order. A new array.
 */
export function sortOptions<T extends { label: string }>(options: readonly T[], locale: Locale): T[] {
  const collator = collatorOf(locale);
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
