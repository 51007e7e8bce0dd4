import { MAX_PAGE_BUTTONS } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { paginationItems, rangeLabel } from './pagination-model';

const E = 'ellipsis';

describe('paginationItems', () => {
  it('has no buttons without pages and one for a single page', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([1]);
  });

  it('lists every page while they fit', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paginationItems(10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('puts one ellipsis before the last page near the start', () => {
    expect(paginationItems(1, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, E, 11]);
    expect(paginationItems(5, 500)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, E, 500]);
  });

  it('puts one ellipsis after the first page near the end', () => {
    expect(paginationItems(11, 11)).toEqual([1, E, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(paginationItems(500, 500)).toEqual([1, E, 493, 494, 495, 496, 497, 498, 499, 500]);
    expect(paginationItems(496, 500)).toEqual([1, E, 493, 494, 495, 496, 497, 498, 499, 500]);
    // A second ellipsis would stand for page 499 alone.
    expect(paginationItems(495, 500)).toEqual([1, E, 493, 494, 495, 496, 497, 498, 499, 500]);
  });

  it('frames the current page with two ellipses in the middle', () => {
    expect(paginationItems(6, 500)).toEqual([1, E, 4, 5, 6, 7, 8, 9, E, 500]);
    expect(paginationItems(250, 500)).toEqual([1, E, 248, 249, 250, 251, 252, 253, E, 500]);
    expect(paginationItems(494, 500)).toEqual([1, E, 492, 493, 494, 495, 496, 497, E, 500]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationItems(0, 500)).toEqual(paginationItems(1, 500));
    expect(paginationItems(9999, 500)).toEqual(paginationItems(500, 500));
  });

  it('always keeps the first, last and current pages within the limit', () => {
    for (const pageCount of [1, 2, 9, 10, 11, 12, 13, 57, 500]) {
      for (let page = 1; page <= pageCount; page++) {
        const items = paginationItems(page, pageCount);
        expect(items.length).toBeLessThanOrEqual(MAX_PAGE_BUTTONS);
        expect(items).toContain(1);
        expect(items).toContain(pageCount);
        expect(items).toContain(page);
        const numbers = items.filter((item): item is number => item !== E);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        // An ellipsis hides at least two pages.
        items.forEach((item, index) => {
          if (item !== E) return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});

describe('rangeLabel', () => {
  it('words each kind of total by its own message, the rows shown the same', () => {
    const view = { page: 3, perPage: 10, total: 1_000 };
    expect(rangeLabel({ ...view, totalKind: 'exact' })).toEqual({ key: 'table.range', from: 21, to: 30 });
    expect(rangeLabel({ ...view, totalKind: 'estimate' })).toEqual({
      key: 'table.rangeAbout',
      from: 21,
      to: 30,
    });
    expect(rangeLabel({ ...view, totalKind: 'moreThan' })).toEqual({
      key: 'table.rangeMoreThan',
      from: 21,
      to: 30,
    });
  });
});
