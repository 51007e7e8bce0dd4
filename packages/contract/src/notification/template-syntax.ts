/**
 * The placeholders of a template (subject and content):
 *
 *   {first_name}          a variable of the send request; `{order.number}` reads into an object
 *   {t:group.key_name}    an entry of the Translations screen, in the recipient's language
 *
 * A brace that does not open one of these (CSS, say) is plain text.
 */
const PLACEHOLDER = /\{(?:t:([\w-]+)\.([\w.-]+)|([A-Za-z_]\w*(?:\.\w+)*))\}/g;

export type Placeholder =
  | { kind: 'variable'; name: string; raw: string }
  | { kind: 'translation'; group: string; key: string; raw: string };

export interface TemplateUsage {
  /** Variable names (dotted paths), in order of first use. */
  variables: string[];
  /** Translation references as `group.key`, in order of first use. */
  translations: string[];
}

function placeholderOf(match: RegExpExecArray): Placeholder {
  const [raw, group, key, name] = match;
  if (group !== undefined && key !== undefined) return { kind: 'translation', group, key, raw };
  return { kind: 'variable', name: name ?? '', raw };
}

/** Replaces every placeholder by what `replace` returns for it. */
export function replacePlaceholders(text: string, replace: (placeholder: Placeholder) => string): string {
  return text.replace(PLACEHOLDER, (...args: unknown[]) => {
    const match = args.slice(0, 4) as unknown as RegExpExecArray;
    return replace(placeholderOf(match));
  });
}

/** What the texts use, without duplicates. */
export function scanTemplate(...texts: readonly (string | null | undefined)[]): TemplateUsage {
  const variables = new Set<string>();
  const translations = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(PLACEHOLDER)) {
      const placeholder = placeholderOf(match as RegExpExecArray);
      if (placeholder.kind === 'variable') variables.add(placeholder.name);
      else translations.add(`${placeholder.group}.${placeholder.key}`);
    }
  }
  return { variables: [...variables], translations: [...translations] };
}

/** `group.key` → its two parts (the group is the first segment). */
export function splitTranslationRef(ref: string): { group: string; key: string } {
  const dot = ref.indexOf('.');
  return { group: ref.slice(0, dot), key: ref.slice(dot + 1) };
}
