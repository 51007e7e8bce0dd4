import { MAX_PAGE_BUTTONS, type TotalKind } from '@pult/contract';

export type PaginationItem = number | 'ellipsis';

/**
 * The page buttons of spec §9: at most MAX_PAGE_BUTTONS items, counting the ellipses. The first, the
 * last and the current page are always there; the rest is a window around the current page. An
 * ellipsis never stands for a single page, since that page's own button takes the same room.
 */
export function paginationItems(page: number, pageCount: number): PaginationItem[] {
  const max = MAX_PAGE_BUTTONS;
  if (pageCount <= 0) return [];
  if (pageCount <= max) return range(1, pageCount);

  const current = Math.min(Math.max(1, page), pageCount);
  // Two ends and two ellipses leave this many buttons for the window around the current page.
  const windowSize = max - 4;
  const windowStart = current - Math.floor((windowSize - 1) / 2);
  const windowEnd = windowStart + windowSize - 1;

  if (windowStart <= 3) return [...range(1, max - 2), 'ellipsis', pageCount];
  if (windowEnd >= pageCount - 2) return [1, 'ellipsis', ...range(pageCount - (max - 3), pageCount)];
  return [1, 'ellipsis', ...range(windowStart, windowEnd), 'ellipsis', pageCount];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

const RANGE_KEYS = {
  exact: 'table.range',
  estimate: 'table.rangeAbout',
  moreThan: 'table.rangeMoreThan',
} as const satisfies Record<TotalKind, string>;

/**
 * "1–10 of 52", for an estimated total "1–10 of about 152,000", for a lower bound "1–10 of more
 * than 1,000": the message key and the bounds.
 */
export function rangeLabel(view: { page: number; perPage: number; total: number; totalKind: TotalKind }): {
  key: (typeof RANGE_KEYS)[TotalKind];
  from: number;
  to: number;
} {
  const { page, perPage, total, totalKind } = view;
  const from = total === 0 ? 0 : Math.min((page - 1) * perPage + 1, total);
  return { key: RANGE_KEYS[totalKind], from, to: Math.min(page * perPage, total) };
}
