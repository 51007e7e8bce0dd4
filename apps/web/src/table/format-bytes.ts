const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const formats = new Map<string, Intl.NumberFormat>();

/** A size in bytes in the reader's language: "940 байтів", "1,5 МБ", "12 GB" (binary multiples, 1 KB = 1024 B). */
export function formatBytes(value: unknown, locale: string): string {
  const bytes = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(bytes) || bytes < 0) return String(value);
  let unit = 0;
  let amount = bytes;
  while (amount >= 1024 && unit < UNITS.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  const key = `${locale}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: UNITS[unit],
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}
