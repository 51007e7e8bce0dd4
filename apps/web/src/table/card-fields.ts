import type { FieldDescriptor, ResourceDescriptor } from '@pult/contract';

/** A card without a declared choice shows this many of the shown columns. */
export const DEFAULT_CARD_FIELDS = 4;

/**
 * The fields a record's card shows on a phone: the descriptor's `cardFields` among the columns the
 * administrator keeps shown (a hidden column stays hidden on a card too), in the columns' order; the
 * first shown columns when the descriptor names none or all of them are hidden.
 */
export function cardFields(
  descriptor: ResourceDescriptor,
  shown: readonly FieldDescriptor[],
): FieldDescriptor[] {
  const declared = new Set(descriptor.cardFields ?? []);
  const chosen = shown.filter((field) => declared.has(field.name));
  return chosen.length > 0 ? chosen : shown.slice(0, DEFAULT_CARD_FIELDS);
}
