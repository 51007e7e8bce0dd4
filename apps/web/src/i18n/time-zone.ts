import { UTC } from './format-date';

/**
 * The administrator's choice of the zone times are shown in: UTC (the default, the zone the date
 * filters' days are in) or this browser's zone. Kept in local storage per administrator, beside the
 * language (spec §3 keeps the panel's preferences in the browser); pure functions over a Storage.
 */
export const TIME_ZONE_CHOICES = ['utc', 'local'] as const;
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number];
export const DEFAULT_TIME_ZONE_CHOICE: TimeZoneChoice = 'utc';

/** Per administrator (by e-mail, their unique sign-in name), so a shared browser keeps each one's. */
export const timeZoneStorageKey = (admin: string) => `pult.timeZone.${admin.trim().toLowerCase()}`;

export function isTimeZoneChoice(value: unknown): value is TimeZoneChoice {
  return typeof value === 'string' && (TIME_ZONE_CHOICES as readonly string[]).includes(value);
}

export function readTimeZoneChoice(storage: Storage, admin: string | undefined): TimeZoneChoice {
  if (!admin) return DEFAULT_TIME_ZONE_CHOICE;
  try {
    const saved = storage.getItem(timeZoneStorageKey(admin));
    return isTimeZoneChoice(saved) ? saved : DEFAULT_TIME_ZONE_CHOICE;
  } catch {
    return DEFAULT_TIME_ZONE_CHOICE;
  }
}

// Storage may be full or refused (private mode); the choice then lasts until the page is reloaded.
export function storeTimeZoneChoice(storage: Storage, admin: string, choice: TimeZoneChoice): void {
  try {
    storage.setItem(timeZoneStorageKey(admin), choice);
  } catch {
    // Not remembered, still applied.
  }
}

/**
 * Older names some engines still report for a zone (Chromium says "Europe/Kiev"): shown by the
 * current IANA name, as people there write it. Both names work with Intl.
 */
const CURRENT_ZONE_NAMES: Record<string, string> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
};

export function currentZoneName(zone: string): string {
  return CURRENT_ZONE_NAMES[zone] ?? zone;
}

/** The browser's IANA zone ("Europe/Kyiv"); UTC when the engine does not say. */
export function browserTimeZone(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || UTC);
}

/** The zone times are shown in for a choice. */
export function zoneOf(choice: TimeZoneChoice, browserZone: string): string {
  return choice === 'local' ? browserZone : UTC;
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

export function isUtcZone(zone: string): boolean {
  return UTC_NAMES.has(zone);
}

/** The zone's offset from UTC at `at` ("UTC+02:00"); it changes with summer time, hence the date. */
export function utcOffset(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const sign = offset.replace('GMT', '');
  return `UTC${sign === '' ? '+00:00' : sign}`;
}

/** How the zone is named in the settings and notes: "UTC", or "Europe/Kyiv (UTC+02:00)". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return isUtcZone(zone) ? UTC : `${zone} (${utcOffset(zone, at)})`;
}

export interface TimeZoneOption {
  choice: TimeZoneChoice;
  /** The zone as the option names it: "UTC", "Europe/Kyiv (UTC+02:00)". */
  label: string;
}

/** The two choices, each labelled with the zone it shows times in. */
export function timeZoneOptions(browserZone: string, at: Date = new Date()): TimeZoneOption[] {
  return TIME_ZONE_CHOICES.map((choice) => ({ choice, label: zoneLabel(zoneOf(choice, browserZone), at) }));
}
