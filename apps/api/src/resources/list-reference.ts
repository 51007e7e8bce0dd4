import { type Condition, effectiveSort, type ListQuery, type SortTerm, usersResource } from '@pult/contract';

/**
 * The users list worked out in TypeScript, for the property tests of the list engine: the rows a
 * filter matches, sorted as the list sorts them (ties by id in the first term's direction), and the
 * requested page of their ids with their number.
 */

/** A user as the reference lists it: the fields the property tests filter and sort by. */
export type ListedUser = {
  id: number;
  email: string;
  status: number;
  created_at: Date;
  language?: string;
};

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function matches(row: ListedUser, condition: Condition): boolean {
  switch (condition.type) {
    case 'text':
      return row.email.toLowerCase().includes(condition.value.toLowerCase());
    case 'select':
    case 'number':
      return row.status === condition.value;
    case 'date': {
      const day = dayOf(row.created_at.getTime());
      return condition.from <= day && day <= condition.to;
    }
  }
}

export function reference(rows: readonly ListedUser[], query: ListQuery, conditions: readonly Condition[]) {
  const sort = effectiveSort(usersResource, query);
  const sign = (term: SortTerm) => (term.direction === 'desc' ? -1 : 1);
  const value = (row: ListedUser, field: string) =>
    field === 'created_at'
      ? row.created_at.getTime()
      : (row as unknown as Record<string, string | number>)[field];
  const found = rows
    .filter((row) => conditions.every((condition) => matches(row, condition)))
    .sort((a, b) => {
      for (const term of sort) {
        const [x, y] = [value(a, term.field), value(b, term.field)];
        if (x !== undefined && y !== undefined && x !== y) return (x < y ? -1 : 1) * sign(term);
      }
      return (a.id - b.id) * sign(sort[0] ?? { field: 'id', direction: 'asc' });
    });
  const start = (query.page - 1) * query.perPage;
  return { ids: found.slice(start, start + query.perPage).map((row) => row.id), total: found.length };
}
