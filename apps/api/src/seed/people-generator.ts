import { type Locale, STATUS } from '@pult/contract';
import { CITIES } from './data/cities.js';
import {
  ABOUT_ME_EN,
  ABOUT_ME_UK,
  ENGLISH_FEMALE_FIRST_NAMES,
  ENGLISH_MALE_FIRST_NAMES,
  ENGLISH_SURNAMES,
  type TransliteratedName,
  UKRAINIAN_FEMALE_FIRST_NAMES,
  UKRAINIAN_MALE_FIRST_NAMES,
  UKRAINIAN_SURNAMES,
} from './data/names.js';

/** One platform user as the seed inserts it; the place is named, the inserter maps it to ids. */
export interface GeneratedUser {
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  country_code: string | null;
  city_name_en: string | null;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  about_me: string | null;
  language: Locale;
  status: number;
  created_at: Date;
  updated_at: Date;
}

export interface PeopleGeneratorOptions {
  /** The same seed and index always give the same user. */
  seed: number;
  /** created_at is spread over the three years before this instant. */
  now: Date;
}

export interface PeopleGenerator {
  /**
   * The user at `index` (0-based). The index is written into the e-mail, so distinct indexes never
   * share an e-mail: callers that add to an existing table start past the indexes already used.
   */
  user(index: number): GeneratedUser;
}

type Random = () => number;
type Weighted<T> = readonly (readonly [T, number])[];

const CREATION_SPAN_MS = 3 * 365.25 * 24 * 3600 * 1000;
const BIRTHDAY_FIRST = Date.UTC(1950, 0, 1);
const BIRTHDAY_LAST = Date.UTC(2008, 11, 31);
const DAY_MS = 24 * 3600 * 1000;

/** Where Ukrainians live: mostly at home, the rest spread over the diaspora's usual countries. */
const UKRAINIAN_COUNTRIES: Weighted<string> = [
  ['UA', 860],
  ['PL', 40],
  ['DE', 30],
  ['CZ', 15],
  ['GB', 8],
  ['IT', 8],
  ['US', 8],
  ['CA', 8],
  ['ES', 6],
  ['SK', 3],
  ['AT', 3],
  ['NL', 3],
  ['FR', 3],
  ['PT', 2],
  ['IE', 2],
  ['LT', 2],
  ['MD', 2],
  ['GE', 2],
  ['RO', 2],
  ['HU', 2],
  ['IL', 2],
  ['SE', 2],
  ['CH', 2],
  ['EE', 1],
  ['LV', 1],
  ['NO', 1],
  ['FI', 1],
  ['DK', 1],
  ['BE', 1],
  ['BG', 1],
  ['TR', 1],
  ['AU', 1],
];

/** English speakers: the anglophone countries first, then everywhere the demo has cities. */
const ENGLISH_COUNTRIES: Weighted<string> = [
  ['US', 380],
  ['GB', 200],
  ['CA', 120],
  ['AU', 80],
  ['IE', 40],
  ['NZ', 20],
  ['DE', 15],
  ['NL', 10],
  ['FR', 10],
  ['ES', 10],
  ['UA', 10],
  ['IT', 8],
  ['PL', 8],
  ['PT', 6],
  ['SE', 6],
  ['CH', 6],
  ['JP', 6],
  ['AE', 6],
  ['ZA', 6],
  ['SG', 5],
  ['IN', 5],
  ['NO', 4],
  ['DK', 4],
  ['AT', 4],
  ['BE', 4],
  ['CZ', 4],
  ['IL', 4],
  ['MX', 4],
  ['BR', 4],
  ['FI', 3],
  ['KR', 3],
  ['GR', 3],
  ['TR', 3],
  ['AR', 2],
  ['HR', 2],
  ['CY', 2],
  ['MT', 2],
  ['EE', 2],
  ...(
    ['IS', 'LT', 'LV', 'LU', 'SI', 'RS', 'ME', 'BG', 'RO', 'HU', 'SK', 'GE', 'MD', 'AM', 'AZ', 'KZ'] as const
  ).map((code) => [code, 1] as const),
];

/**
 * Mobile numbers as each country writes them: `#` is any digit, `{a|b}` one of the listed operator
 * or area prefixes.
 */
export const PHONE_FORMATS: Readonly<Record<string, string>> = {
  UA: '+380 {50|66|95|99|67|68|96|97|98|63|73|93} ### ## ##',
  PL: '+48 {50|51|53|57|60|66|69|72|78|79|88}# ### ###',
  DE: '+49 {151|152|157|160|170|171|176|177} #######',
  CZ: '+420 {6|7}## ### ###',
  SK: '+421 9## ### ###',
  HU: '+36 {20|30|70} ### ####',
  RO: '+40 7## ### ###',
  MD: '+373 {6|7}## ## ###',
  LT: '+370 6## #####',
  LV: '+371 2### ####',
  EE: '+372 5### ####',
  GE: '+995 5## ## ## ##',
  AT: '+43 {650|660|664|676|699} #######',
  CH: '+41 {76|77|78|79} ### ## ##',
  NL: '+31 6 ########',
  BE: '+32 4## ## ## ##',
  LU: '+352 6## ### ###',
  FR: '+33 {6|7} ## ## ## ##',
  IT: '+39 3## ### ####',
  ES: '+34 6## ### ###',
  PT: '+351 9## ### ###',
  GB: '+44 7### ######',
  IE: '+353 8# ### ####',
  SE: '+46 7# ### ## ##',
  NO: '+47 {4|9}## ## ###',
  FI: '+358 {40|44|45|50} ### ####',
  DK: '+45 ## ## ## ##',
  IS: '+354 {6|7|8}## ####',
  BG: '+359 {87|88|89} ### ####',
  GR: '+30 69# ### ####',
  HR: '+385 9# ### ####',
  SI: '+386 {30|31|40|41|51|64|70} ### ###',
  RS: '+381 6# ### ####',
  ME: '+382 6# ### ###',
  CY: '+357 9# ######',
  MT: '+356 {79|99} ## ####',
  TR: '+90 5## ### ## ##',
  IL: '+972 5# ### ####',
  AE: '+971 5# ### ####',
  AZ: '+994 {50|51|55|70|77} ### ## ##',
  AM: '+374 {77|91|93|94|98|99} ######',
  KZ: '+7 7## ### ## ##',
  US: '+1 {212|646|718|213|310|323|312|773|713|832|415|628|206|617|305|786}-###-####',
  CA: '+1 {416|647|437|514|438|604|778|403|587|780|613|204}-###-####',
  MX: '+52 {33|55|81} #### ####',
  BR: '+55 {11|21|61} 9####-####',
  AR: '+54 9 {11|351} ####-####',
  AU: '+61 4## ### ###',
  NZ: '+64 2# ### ####',
  JP: '+81 {70|80|90}-####-####',
  KR: '+82 10-####-####',
  SG: '+65 {8|9}### ####',
  IN: '+91 {7|8|9}#### #####',
  ZA: '+27 {6|7|8}# ### ####',
};

const UKRAINIAN_DOMAINS: Weighted<string> = [
  ['gmail.com', 48],
  ['ukr.net', 20],
  ['i.ua', 7],
  ['outlook.com', 8],
  ['proton.me', 5],
  ['icloud.com', 5],
  ['meta.ua', 4],
  ['yahoo.com', 3],
];

const ENGLISH_DOMAINS: Weighted<string> = [
  ['gmail.com', 45],
  ['outlook.com', 18],
  ['yahoo.com', 12],
  ['icloud.com', 12],
  ['proton.me', 7],
  ['hotmail.com', 6],
];

const STATUSES: Weighted<number> = [
  [STATUS.active, 84],
  [STATUS.notActivated, 6],
  [STATUS.locked, 3],
  [STATUS.banned, 2],
  [STATUS.disabled, 2],
  [STATUS.deleted, 3],
];

type Style = 'uk' | 'en';

interface Person {
  style: Style;
  gender: 'male' | 'female';
  first: TransliteratedName;
  last: TransliteratedName;
}

export function createPeopleGenerator(options: PeopleGeneratorOptions): PeopleGenerator {
  const now = options.now.getTime();
  const pick = {
    ukCountry: weightedPicker(UKRAINIAN_COUNTRIES),
    enCountry: weightedPicker(ENGLISH_COUNTRIES),
    ukDomain: weightedPicker(UKRAINIAN_DOMAINS),
    enDomain: weightedPicker(ENGLISH_DOMAINS),
    status: weightedPicker(STATUSES),
  };
  const cityPickers = new Map(
    Object.entries(CITIES).map(([code, cities]) => [
      code,
      weightedPicker(cities.map((city, rank) => [city.nameEn, 1 / (rank + 1)] as const)),
    ]),
  );
  const phones = new Map(Object.entries(PHONE_FORMATS).map(([code, format]) => [code, parsePhone(format)]));

  return {
    user(index) {
      const random = rowRandom(options.seed, index);
      const person = choosePerson(random);
      const countryCode = random() < 0.03 ? null : pick[`${person.style}Country`](random);
      const cityName =
        countryCode && random() >= 0.04 ? (cityPickers.get(countryCode)?.(random) ?? null) : null;
      const phoneFormat = countryCode ? phones.get(countryCode) : undefined;
      const createdAt = createdAtFor(random, now);
      return {
        email: emailFor(random, person, index, pick[`${person.style}Domain`](random)),
        username: random() < 0.85 ? usernameFor(random, person) : null,
        first_name: person.first[0],
        last_name: person.last[0],
        phone: phoneFormat && random() < 0.88 ? phoneFormat(random) : null,
        country_code: countryCode,
        city_name_en: cityName,
        gender: random() < 0.04 ? null : person.gender,
        birthday: random() < 0.08 ? null : birthdayFor(random),
        about_me: random() < 0.35 ? oneOf(random, person.style === 'uk' ? ABOUT_ME_UK : ABOUT_ME_EN) : null,
        language: person.style === 'uk' ? 'uk-UA' : 'en-US',
        status: pick.status(random),
        created_at: new Date(createdAt),
        updated_at: new Date(updatedAtFor(random, createdAt, now)),
      };
    },
  };
}

function choosePerson(random: Random): Person {
  const gender = random() < 0.5 ? 'male' : 'female';
  if (random() < 0.7) {
    const firstNames = gender === 'male' ? UKRAINIAN_MALE_FIRST_NAMES : UKRAINIAN_FEMALE_FIRST_NAMES;
    const surname = oneOf(random, UKRAINIAN_SURNAMES);
    return { style: 'uk', gender, first: oneOf(random, firstNames), last: surname[gender] };
  }
  const firstName = oneOf(random, gender === 'male' ? ENGLISH_MALE_FIRST_NAMES : ENGLISH_FEMALE_FIRST_NAMES);
  const surname = oneOf(random, ENGLISH_SURNAMES);
  return { style: 'en', gender, first: [firstName, firstName], last: [surname, surname] };
}

/**
 * Names hold no digits, so the index at the end is the local part's whole trailing number: two
 * indexes can never produce the same address, whatever the name pattern or domain.
 */
function emailFor(random: Random, person: Person, index: number, domain: string): string {
  const first = person.first[1].toLowerCase();
  const last = person.last[1].toLowerCase();
  const patterns = [
    `${first}.${last}`,
    `${first}.${last}`,
    `${first}${last}`,
    `${first}_${last}`,
    `${first.charAt(0)}.${last}`,
    `${last}.${first}`,
    first,
  ];
  return `${oneOf(random, patterns)}${index + 1}@${domain}`;
}

function usernameFor(random: Random, person: Person): string {
  const first = person.first[1].toLowerCase();
  const last = person.last[1].toLowerCase();
  const base = oneOf(random, [
    `${first}_${last}`,
    `${first}${last.charAt(0)}`,
    `${last}.${first.charAt(0)}`,
    first,
  ]);
  return random() < 0.5 ? `${base}${10 + Math.floor(random() * 90)}` : base;
}

function birthdayFor(random: Random): string {
  // The mean of two draws leans toward mid-range ages, as a real user base does.
  const share = (random() + random()) / 2;
  const days = Math.floor((share * (BIRTHDAY_LAST - BIRTHDAY_FIRST)) / DAY_MS);
  return new Date(BIRTHDAY_FIRST + days * DAY_MS).toISOString().slice(0, 10);
}

/** A growing service: recent sign-ups outnumber old ones. */
function createdAtFor(random: Random, now: number): number {
  const age = CREATION_SPAN_MS * (1 - Math.sqrt(random()));
  return Math.floor((now - age) / 1000) * 1000;
}

function updatedAtFor(random: Random, createdAt: number, now: number): number {
  if (random() < 0.4) return createdAt;
  return createdAt + Math.floor((random() * (now - createdAt)) / 1000) * 1000;
}

/** A phone number drawer for one format: parsed once, since it runs for every generated row. */
function parsePhone(format: string): (random: Random) => string {
  const parts = format.split(/(\{[^}]+\})/).filter((part) => part !== '');
  const drawers = parts.map((part): ((random: Random) => string) => {
    if (part.startsWith('{')) {
      const choices = part.slice(1, -1).split('|');
      return (random) => oneOf(random, choices);
    }
    return (random) => part.replace(/#/g, () => String(Math.floor(random() * 10)));
  });
  return (random) => drawers.map((draw) => draw(random)).join('');
}

function weightedPicker<T>(entries: Weighted<T>): (random: Random) => T {
  const values = entries.map(([value]) => value);
  const bounds: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    total += weight;
    bounds.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = bounds.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (bounds[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return values[low]!;
  };
}

function oneOf<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/**
 * A PRNG of its own for every row (mulberry32 seeded by a hash of seed and index): any row can be
 * produced alone, so batch size and start offset never change what a given index yields.
 */
function rowRandom(seed: number, index: number): Random {
  let state = mix32(mix32(seed ^ 0x9e3779b9) ^ mix32(index) ^ Math.floor(index / 0x1_0000_0000));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/** MurmurHash3's finaliser: neighbouring indexes get unrelated states. */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
