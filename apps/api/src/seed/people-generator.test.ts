import { USER_STATUSES } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { CITIES } from './data/cities.js';
import { COUNTRIES } from './data/countries.js';
import {
  ENGLISH_FEMALE_FIRST_NAMES,
  ENGLISH_MALE_FIRST_NAMES,
  ENGLISH_SURNAMES,
  UKRAINIAN_FEMALE_FIRST_NAMES,
  UKRAINIAN_MALE_FIRST_NAMES,
  UKRAINIAN_SURNAMES,
} from './data/names.js';
import { createPeopleGenerator, type GeneratedUser, PHONE_FORMATS } from './people-generator.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const SAMPLE = 20_000;

function generate(count: number, seed = 7, start = 0): GeneratedUser[] {
  const generator = createPeopleGenerator({ seed, now: NOW });
  return Array.from({ length: count }, (_, offset) => generator.user(start + offset));
}

const rows = generate(SAMPLE);

describe('people generator', () => {
  it('is deterministic for a seed and index, whatever the order of generation', () => {
    const again = createPeopleGenerator({ seed: 7, now: NOW });
    expect(again.user(12_345)).toEqual(rows[12_345]);
    expect(generate(50)).toEqual(rows.slice(0, 50));
    expect(generate(50, 8)).not.toEqual(rows.slice(0, 50));
  });

  it('gives case-insensitively unique e-mails, also between runs at different offsets', () => {
    const emails = new Set(rows.map((row) => row.email.toLowerCase()));
    expect(emails.size).toBe(SAMPLE);
    const later = generate(5_000, 99, SAMPLE).filter((row) => emails.has(row.email.toLowerCase()));
    expect(later).toEqual([]);
  });

  it('matches gender and language to the name', () => {
    const ukrainianMale = new Set(UKRAINIAN_MALE_FIRST_NAMES.map(([name]) => name));
    const ukrainianFemale = new Set(UKRAINIAN_FEMALE_FIRST_NAMES.map(([name]) => name));
    const englishMale = new Set(ENGLISH_MALE_FIRST_NAMES);
    const englishFemale = new Set(ENGLISH_FEMALE_FIRST_NAMES);
    const maleSurnames = new Set(UKRAINIAN_SURNAMES.map((surname) => surname.male[0]));
    const femaleSurnames = new Set(UKRAINIAN_SURNAMES.map((surname) => surname.female[0]));
    const englishSurnames = new Set(ENGLISH_SURNAMES);
    const mismatches = rows.filter((row) => {
      const uk = row.language === 'uk-UA';
      const male = uk ? ukrainianMale : englishMale;
      const female = uk ? ukrainianFemale : englishFemale;
      const nameGender = male.has(row.first_name)
        ? 'male'
        : female.has(row.first_name)
          ? 'female'
          : undefined;
      const surnames = !uk ? englishSurnames : nameGender === 'male' ? maleSurnames : femaleSurnames;
      return (
        nameGender === undefined ||
        (row.gender !== null && row.gender !== nameGender) ||
        !surnames.has(row.last_name)
      );
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(rows.some((row) => row.last_name.endsWith('ська'))).toBe(true);
  });

  it('is mostly Ukrainian and mostly active', () => {
    const share = (test: (row: GeneratedUser) => boolean) => rows.filter(test).length / SAMPLE;
    expect(share((row) => row.language === 'uk-UA')).toBeCloseTo(0.7, 1);
    expect(share((row) => row.status === 1)).toBeGreaterThan(0.8);
    expect(share((row) => row.country_code === 'UA')).toBeGreaterThan(0.55);
    expect(share((row) => row.username !== null)).toBeGreaterThan(0.8);
    for (const status of USER_STATUSES) expect(rows.some((row) => row.status === status)).toBe(true);
  });

  it('writes every field in the shape the API accepts', () => {
    // Problems are collected and compared once: an expect() per field of 20,000 rows takes seconds.
    const problems = rows.flatMap((row) => fieldProblems(row).map((problem) => `${row.email}: ${problem}`));
    expect(problems.slice(0, 10)).toEqual([]);
    expect(rows.filter((row) => row.birthday === null).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.phone === null).length).toBeGreaterThan(0);
  });
});

const CITY_NAMES = new Map(
  Object.entries(CITIES).map(([code, cities]) => [code, new Set(cities.map((city) => city.nameEn))]),
);
const COUNTRY_CODES = new Set(COUNTRIES.map((country) => country.code));
const THREE_YEARS_AGO = NOW.getTime() - 3 * 366 * 24 * 3600 * 1000;

function fieldProblems(row: GeneratedUser): string[] {
  const checks: [boolean, string][] = [
    [/^[a-z][a-z._]*[0-9]+@[a-z]+(\.[a-z]+)+$/.test(row.email), 'email'],
    [row.username === null || /^[a-z][a-z._0-9]*$/.test(row.username), 'username'],
    [row.phone === null || /^\+[0-9][0-9 -]{7,20}$/.test(row.phone), 'phone'],
    [
      row.country_code !== 'UA' || row.phone === null || /^\+380 \d{2} \d{3} \d{2} \d{2}$/.test(row.phone),
      'Ukrainian phone',
    ],
    [
      row.birthday === null ||
        (/^\d{4}-\d{2}-\d{2}$/.test(row.birthday) &&
          row.birthday >= '1950-01-01' &&
          row.birthday <= '2008-12-31'),
      'birthday',
    ],
    [row.country_code === null || COUNTRY_CODES.has(row.country_code), 'country'],
    [
      row.city_name_en === null || CITY_NAMES.get(row.country_code ?? '')?.has(row.city_name_en) === true,
      'city',
    ],
    [row.created_at.getTime() >= THREE_YEARS_AGO && row.created_at <= NOW, 'created_at'],
    [row.updated_at >= row.created_at && row.updated_at <= NOW, 'updated_at'],
    [row.first_name.length > 1 && row.last_name.length > 1, 'name'],
  ];
  return checks.filter(([ok]) => !ok).map(([, field]) => field);
}

describe('seed reference data', () => {
  it('covers every ISO 3166-1 code once, named in both languages', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(249);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.nameUk).toMatch(/^[А-ЩЬЮЯҐЄІЇ]/);
      expect(country.nameEn).toMatch(/^[A-ZÅÇÉÎÜ]/);
    }
    expect(COUNTRIES.find((country) => country.code === 'UA')).toMatchObject({
      nameUk: 'Україна',
      nameEn: 'Ukraine',
    });
  });

  it('has cities only in known countries, unique within a country, each with a phone format', () => {
    const codes = new Set(COUNTRIES.map((country) => country.code));
    for (const [code, cities] of Object.entries(CITIES)) {
      expect(codes.has(code), code).toBe(true);
      expect(PHONE_FORMATS[code], code).toBeDefined();
      expect(new Set(cities.map((city) => city.nameEn.toLowerCase())).size).toBe(cities.length);
      expect(new Set(cities.map((city) => city.nameUk.toLowerCase())).size).toBe(cities.length);
    }
    expect(CITIES.UA?.length).toBeGreaterThanOrEqual(25);
  });

  it('transliterates Ukrainian names to plain Latin letters', () => {
    const names = [
      ...UKRAINIAN_MALE_FIRST_NAMES,
      ...UKRAINIAN_FEMALE_FIRST_NAMES,
      ...UKRAINIAN_SURNAMES.flatMap((surname) => [surname.male, surname.female]),
    ];
    for (const [, latin] of names) expect(latin).toMatch(/^[A-Z][a-z]+$/);
    expect(UKRAINIAN_MALE_FIRST_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(UKRAINIAN_FEMALE_FIRST_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(UKRAINIAN_SURNAMES.length).toBeGreaterThanOrEqual(100);
    expect(ENGLISH_SURNAMES.length).toBeGreaterThanOrEqual(100);
  });
});
