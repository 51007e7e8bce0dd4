import type { FieldDescriptor, ResourceDescriptor } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { cardFields } from './card-fields';

const field = (name: string): FieldDescriptor => ({
  name,
  label: name,
  sortable: false,
  display: { kind: 'text' },
});
const fields = ['id', 'email', 'name', 'phone', 'status', 'created_at'].map(field);
const resource = (cardFieldNames?: string[]): ResourceDescriptor => ({
  name: 'things',
  service: 'auth',
  path: '/admin/things',
  fields,
  defaultSort: 'id',
  cardFields: cardFieldNames,
});
const names = (list: FieldDescriptor[]) => list.map((one) => one.name);

describe('cardFields', () => {
  it('shows the declared fields in the order of the shown columns', () => {
    const shown = [fields[4]!, fields[0]!, fields[1]!, fields[2]!];
    expect(names(cardFields(resource(['email', 'status', 'phone']), shown))).toEqual(['status', 'email']);
  });

  it('falls back to the first four shown columns when none is declared', () => {
    expect(names(cardFields(resource(), fields))).toEqual(['id', 'email', 'name', 'phone']);
  });

  it('falls back to the first shown columns when every declared one is hidden', () => {
    expect(names(cardFields(resource(['phone']), [fields[5]!, fields[1]!]))).toEqual(['created_at', 'email']);
  });
});
