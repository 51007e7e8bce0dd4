/**
 * Screenshots of every screen in both languages, for a person to look at (not a test):
 * `npm run screenshots -w @pult/e2e` after `npm run build`. Output: e2e/screenshots/out/<locale>/*.png.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { withoutLiveStream } from '../support/live-stream.js';
import { DEMO_ADMIN, startPult } from '../support/pult-server.js';

/** A small real PNG for the upload screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');
const LOCALES = ['uk-UA', 'en-US'] as const;

interface Shot {
  name: string;
  path: string;
  /** Extra steps after the page settles (open a dialog, type into a filter). */
  act?: (page: Page) => Promise<void>;
  fullPage?: boolean;
  /** Extra wait after the network settles (a debounced preview). */
  settle?: number;
  /** Taken in the dark theme. */
  dark?: boolean;
  /** Puts back what `act` changed (routes, a signed-out tab) once the shot is taken. */
  after?: (page: Page) => Promise<void>;
  /** Viewport width in px (the height stays); 1440 by default. */
  width?: number;
  /** Requests to these URLs fail, to show a screen's error state. */
  abort?: RegExp;
}

const DEFAULT_VIEWPORT = { width: 1440, height: 900 };
const PHONE_HEIGHT = 844;

/** A row of the table on screen whose text contains `text`. */
const rowWith = (page: Page, text: string) => page.locator('tbody tr', { hasText: text }).first();

const STORAGE_SHOTS: Shot[] = [
  { name: 'storage-buckets', path: '/storage/buckets' },
  { name: 'storage-bucket-create', path: '/storage/buckets/create', fullPage: true },
  { name: 'storage-bucket-edit', path: '/storage/buckets/edit?id=2', fullPage: true },
  {
    name: 'storage-bucket-delete-confirm',
    path: '/storage/buckets',
    act: async (page) => {
      await rowWith(page, 'documents').getByRole('button').last().click();
    },
  },
  { name: 'storage-files', path: '/storage/files' },
  {
    name: 'storage-files-upload',
    path: '/storage/files',
    act: async (page) => {
      await page.locator('main button.MuiButton-contained').first().click();
      await page.getByRole('dialog').getByRole('combobox').click();
      await page.getByRole('option', { name: 'avatars' }).click();
      await page
        .getByRole('dialog')
        .locator('input[type="file"]')
        .setInputFiles([
          { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
        ]);
      await page.waitForTimeout(1500);
    },
  },
  {
    name: 'storage-files-preview-image',
    path: '/storage/files?filter[path]=banners',
    act: async (page) => {
      await rowWith(page, 'banners').getByRole('button').first().click();
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'storage-files-preview-pdf',
    path: '/storage/files?filter[path]=report',
    act: async (page) => {
      await rowWith(page, 'report').getByRole('button').first().click();
      await page.waitForTimeout(1500);
    },
  },
  {
    name: 'storage-files-preview-text',
    path: '/storage/files?filter[path]=notes',
    act: async (page) => {
      await rowWith(page, 'notes').getByRole('button').first().click();
      await page.waitForTimeout(800);
    },
  },
  { name: 'storage-logs', path: '/storage/logs' },
  { name: 'storage-logs-filtered', path: '/storage/logs?filter[level]=warn&filter[message]=query' },
  {
    name: 'storage-log-record',
    path: '/storage/logs',
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('button').first().click();
    },
  },
  {
    name: 'storage-logs-retention',
    path: '/storage/logs',
    act: async (page) => {
      await page.locator('main button').first().click();
    },
  },
  { name: 'storage-errors-groups', path: '/storage/errors' },
  { name: 'storage-errors-resolved', path: '/storage/errors?filter[status]=resolved' },
  { name: 'storage-errors-all', path: '/storage/errors?view=all' },
  {
    name: 'storage-error-record',
    path: '/storage/errors?view=all',
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('button').first().click();
    },
  },
  {
    name: 'storage-errors-delete-needs-date',
    path: '/storage/errors',
    act: async (page) => {
      await page.locator('main button.MuiButton-outlined').first().click();
      await page.getByRole('dialog').locator('button.MuiButton-contained').click();
    },
  },
  {
    name: 'storage-errors-delete-confirm',
    path: '/storage/errors',
    act: async (page) => {
      await page.locator('main button.MuiButton-outlined').first().click();
      await page
        .getByRole('dialog')
        .locator('input[type="date"]')
        .last()
        .fill(new Date().toISOString().slice(0, 10));
      await page.getByRole('dialog').locator('button.MuiButton-contained').click();
    },
  },
];

/** The three delivery configurations: lists, forms (a stored secret, a typed one), the check panel. */
const CONFIG_SHOTS: Shot[] = [
  { name: 'config-smtp-list', path: '/notification/smtp-configs' },
  { name: 'config-smtp-create', path: '/notification/smtp-configs/create', fullPage: true },
  {
    name: 'config-smtp-check-failed',
    path: '/notification/smtp-configs/edit?id=1',
    fullPage: true,
    act: async (page) => {
      await page.locator('input[name="password"]').fill('typed-once');
      await page.getByRole('button', { name: /test connection|перевірити з’єднання/i }).click();
      await page.getByTestId('config-test-result').waitFor();
    },
  },
  { name: 'config-sms-list', path: '/notification/sms-configs' },
  { name: 'config-sms-edit', path: '/notification/sms-configs/edit?id=2', fullPage: true },
  {
    name: 'config-sms-invalid-json',
    path: '/notification/sms-configs/create',
    fullPage: true,
    act: async (page) => {
      await page.locator('textarea[name="config_json"]').fill('{"base_url": ');
      await page.locator('main button[type="submit"]').click();
    },
  },
  { name: 'config-push-list', path: '/notification/push-configs' },
  { name: 'config-push-edit', path: '/notification/push-configs/edit?id=2', fullPage: true },
  {
    name: 'config-push-delete-confirm',
    path: '/notification/push-configs',
    act: async (page) => {
      await rowWith(page, 'Apple Push').getByRole('button').last().click();
    },
  },
];

const CHAT_SHOTS: Shot[] = [
  { name: 'chat-users', path: '/chat/users' },
  { name: 'chat-channels', path: '/chat/channels' },
  { name: 'chat-channel-view', path: '/chat/channels/view?id=1', fullPage: true },
  {
    name: 'chat-channel-delete-confirm',
    path: '/chat/channels/view?id=1',
    act: async (page) => {
      await page.getByRole('button', { name: /Видалити канал|Delete channel/ }).click();
    },
  },
];

const AUDIT_SHOTS: Shot[] = [
  {
    name: 'audit-entry-diff',
    path: '/auth/users/edit?id=3',
    fullPage: true,
    act: async (page) => {
      // A change made here, so the log has an update with a before and an after to show.
      const firstName = page.locator('input[name="first_name"]');
      await firstName.fill(`${await firstName.inputValue()}а`);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/auth/users*');
      await page.goto(page.url().replace(/\/auth\/users.*$/, '/auth/audit?filter[action]=update'));
      await page.locator('tbody tr').first().getByRole('link').first().click();
      await page.waitForURL('**/auth/audit/view/*');
      await page.waitForLoadState('networkidle');
    },
  },
  { name: 'audit-list', path: '/auth/audit', fullPage: true },
  { name: 'audit-record-history', path: '/auth/audit?filter[resource]=users&filter[record_id]=3' },
  { name: 'dark-audit-list', path: '/auth/audit', dark: true },
  {
    name: 'dark-audit-entry-diff',
    path: '/auth/audit?filter[action]=update',
    dark: true,
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('link').first().click();
      await page.waitForURL('**/auth/audit/view/*');
      await page.waitForLoadState('networkidle');
    },
  },
];

/** Export button, bulk selection and confirmation, and the dark theme (issue 13 parts 2, 3, 6). */
const selectPage = async (page: Page) => {
  await page.locator('thead input[type="checkbox"]').first().check();
};
const TABLE_TOOLS_SHOTS: Shot[] = [
  { name: 'users-bulk-selected', path: '/auth/users?perPage=5', act: selectPage },
  {
    name: 'users-bulk-confirm',
    path: '/auth/users?perPage=5',
    act: async (page) => {
      await selectPage(page);
      await page.getByRole('button', { name: /Змінити статус|Change status/ }).click();
      await page.getByRole('menuitem').nth(2).click();
    },
  },
  { name: 'dark-users-list', path: '/auth/users', dark: true },
  { name: 'dark-users-bulk-selected', path: '/auth/users?perPage=5', act: selectPage, dark: true },
  { name: 'dark-users-edit', path: '/auth/users/edit?id=3', fullPage: true, dark: true },
  { name: 'dark-email-queue', path: '/notifications/email-queue', fullPage: true, dark: true },
  { name: 'dark-storage-errors', path: '/storage/errors', dark: true },
  { name: 'dark-dashboard', path: '/dashboard', fullPage: true, dark: true },
];

/**
 * Issue 12: the users list, a form, an empty list and a failed list, at a laptop's 1366 px and a
 * phone's 390 px (`SHOTS=layout-` takes only these).
 */
const PHONE_SHOTS: Shot[] = [
  ...[1366, 390].flatMap((width) => [
    { name: `layout-${width}-users-list`, path: '/auth/users', width },
    { name: `layout-${width}-user-edit`, path: '/auth/users/edit?id=3', width, fullPage: true },
    {
      name: `layout-${width}-error-list`,
      path: '/auth/users',
      width,
      abort: /\/auth\/admin\/users(?:\?|$)/,
      act: async (page: Page) => {
        // The list retries a failed request before it gives up and says so.
        await page.getByRole('button', { name: /^(retry|повторити)$/i }).waitFor({ timeout: 20_000 });
      },
    },
  ]),
  // Last: the list remembers its filter, and the shots above show it unfiltered.
  ...[1366, 390].map((width) => ({
    name: `layout-${width}-empty-list`,
    path: '/auth/users?filter[email]=no-such-person-anywhere',
    width,
  })),
];

/**
 * Language and time (issue 12 §4) at 1366 px: dates in the UI language's form, the profile menu's
 * zone choice (the browser is in Europe/Kyiv), then the date picker saying which zone its days are in.
 */
const openProfileMenu = (page: Page) => page.getByRole('button', { name: /^(Профіль|Profile)/ }).click();
/** The users table scrolled to its last columns, where the dates are. */
const scrollTableToEnd = (page: Page) =>
  page
    .locator('table')
    .first()
    .evaluate((table) => {
      let box = table.parentElement;
      while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
      box?.scrollTo({ left: box.scrollWidth });
    });
const LANG_TIME_SHOTS: Shot[] = [
  { name: 'lang-time-users-dates', path: '/auth/users?sort=birthday', width: 1366, act: scrollTableToEnd },
  {
    name: 'lang-time-profile-menu',
    path: '/auth/users?sort=birthday',
    width: 1366,
    act: async (page) => {
      await scrollTableToEnd(page);
      await openProfileMenu(page);
      await page.getByRole('menuitemradio').nth(1).click();
      await openProfileMenu(page);
    },
  },
  {
    name: 'lang-time-date-picker',
    path: '/auth/users?filter[created_at]=2026-11-01,2026-11-30',
    width: 1366,
    act: async (page) => {
      await page.getByRole('button', { name: /^(Вибрати дати: Створено|Choose dates: Created)$/ }).click();
    },
  },
];

/** The notice of issue 12 §3: an API that does not answer any more. */
const SERVER_DOWN_NOTICE = /Не вдається з’єднатися|The service cannot be reached/;

async function cutOffApi(page: Page): Promise<void> {
  await page.route(
    () => true,
    (route) =>
      route.request().resourceType() === 'fetch' ? route.abort('connectionrefused') : route.continue(),
  );
  await page.locator('thead').getByRole('button').first().click();
  await page.getByRole('status').filter({ hasText: SERVER_DOWN_NOTICE }).waitFor();
}

/** Focuses the first sort header the way a keyboard user does, so the ring shows. */
async function focusSortHeader(page: Page): Promise<void> {
  const header = page.locator('thead').getByRole('button').first();
  await header.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
}

/** Unsaved changes, an unreachable server, a page that cannot load, why a session ended, focus. */
const FORMS_NAV_SHOTS: Shot[] = [
  {
    name: 'nav-unsaved-dialog',
    path: '/auth/users/create',
    width: 1366,
    act: async (page) => {
      await page.locator('input[name="first_name"]').pressSequentially('Olena');
      await page.locator('nav a[href="/profile"]').click();
      await page.getByRole('alertdialog').waitFor();
    },
    after: async (page) => {
      await page.getByRole('alertdialog').getByRole('button').last().click();
    },
  },
  {
    name: 'nav-server-unreachable',
    path: '/auth/countries',
    width: 1366,
    act: cutOffApi,
    after: (page) => page.unrouteAll(),
  },
  {
    name: 'dark-nav-server-unreachable',
    path: '/auth/countries',
    width: 1366,
    dark: true,
    act: cutOffApi,
    after: (page) => page.unrouteAll(),
  },
  {
    name: 'nav-page-load-error',
    path: '/dashboard',
    width: 1366,
    act: async (page) => {
      await page.route('**/assets/countries-page-*.js', (route) => route.abort('connectionrefused'));
      if (!(await page.locator('nav a[href="/auth/countries"]').isVisible())) {
        await page.locator('nav [aria-controls="menu-section-users"]').click();
      }
      await page.locator('nav a[href="/auth/countries"]').click();
      // 3 retries, the reload, 3 more retries.
      await page
        .getByRole('heading', { name: /Не вдалося завантажити сторінку|This page could not be loaded/ })
        .waitFor({ timeout: 30_000 });
    },
    after: (page) => page.unrouteAll(),
  },
  {
    name: 'nav-signin-session-ended',
    path: '/dashboard',
    width: 1366,
    act: async (page) => {
      await page.evaluate(() => {
        const keep = Object.fromEntries(
          ['access_token', 'refresh_token', 'expires_at', 'refresh_expired_at'].map((key) => [
            key,
            localStorage.getItem(key),
          ]),
        );
        sessionStorage.setItem('shots_kept_session', JSON.stringify(keep));
        for (const key of Object.keys(keep)) localStorage.removeItem(key);
        localStorage.setItem('pult_signout_reason', 'rejected');
      });
      await page.goto(new URL('/', page.url()).href);
      await page.getByRole('status').waitFor();
    },
    after: async (page) => {
      await page.evaluate(() => {
        const kept = JSON.parse(sessionStorage.getItem('shots_kept_session') ?? '{}') as Record<
          string,
          string
        >;
        for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
        localStorage.removeItem('pult_signout_reason');
      });
    },
  },
  { name: 'nav-sort-focus', path: '/auth/countries', width: 1366, act: focusSortHeader },
  { name: 'dark-nav-sort-focus', path: '/auth/countries', width: 1366, dark: true, act: focusSortHeader },
];

/** The CSV import wizard on users (issue 25): columns, the check with a rejected row, the summary. */
// Addresses differ by language, so the second language's summary imports new people too.
const importCsv = (tag: string) =>
  Buffer.from(
    [
      'E-mail;First name;Surname;Notes',
      `olena.koval.${tag}@import.example;Олена;Коваль;from the old CRM`,
      `taras.bondar.${tag}@import.example;Тарас;Бондар;`,
      'not-an-email;Іван;Франко;typo',
    ].join('\r\n'),
  );
const openImport = async (page: Page) => {
  await page.getByRole('button', { name: /Імпорт CSV|Import CSV/ }).click();
};
const pickImportFile = async (page: Page) => {
  await openImport(page);
  const tag = (await page.evaluate(() => localStorage.getItem('language_locale'))) ?? 'uk-UA';
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: importCsv(tag.slice(0, 2)) });
  await page.getByRole('combobox', { name: /Surname/ }).click();
  await page.getByRole('option', { name: /Прізвище|Last name/ }).click();
};
const checkImport = async (page: Page) => {
  await pickImportFile(page);
  await page.getByRole('button', { name: /Перевірити файл|Check file/ }).click();
  await page.getByTestId('import-counts').waitFor();
};
const IMPORT_SHOTS: Shot[] = [
  { name: 'import-file', path: '/auth/users', act: openImport },
  { name: 'import-columns', path: '/auth/users', act: pickImportFile },
  { name: 'import-check', path: '/auth/users', act: checkImport },
  { name: 'import-columns-phone', path: '/auth/users', act: pickImportFile, width: 390 },
  { name: 'import-check-phone', path: '/auth/users', act: checkImport, width: 390, dark: true },
  {
    name: 'import-admins-check',
    path: '/auth/admins',
    act: async (page) => {
      await openImport(page);
      const tag = (await page.evaluate(() => localStorage.getItem('language_locale'))) ?? 'uk-UA';
      const file = Buffer.from(
        ['E-mail;First name;Last name', `iryna.melnyk.${tag.slice(0, 2)}@team.example;Ірина;Мельник`].join(
          '\r\n',
        ),
      );
      await page
        .getByTestId('import-file')
        .setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: file });
      await page.getByRole('button', { name: /Перевірити файл|Check file/ }).click();
      await page.getByTestId('import-counts').waitFor();
    },
  },
  {
    name: 'import-summary',
    path: '/auth/users',
    act: async (page) => {
      await checkImport(page);
      await page.getByRole('button', { name: /лише правильні|valid rows only/ }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Імпортовано|Imported/ })
        .waitFor();
    },
  },
];

/** Translator files on translations (issue 25): the menu, and a filled-in XLIFF checked. */
const TRANSLATOR_XLIFF = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="uk-UA" trgLang="en-US">
  <file id="email">
    <unit id="greeting"><segment><source>Вітаємо</source><target>Welcome aboard</target></segment></unit>
    <unit id="footer"><segment><source>З повагою</source><target></target></segment></unit>
  </file>
</xliff>
`);
const openTranslatorMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Файли для перекладачів|Translator files/ }).click();
};
const TRANSLATOR_SHOTS: Shot[] = [
  { name: 'translations-translator-menu', path: '/notification/translations', act: openTranslatorMenu },
  {
    name: 'translations-translator-import',
    path: '/notification/translations',
    act: async (page) => {
      await openTranslatorMenu(page);
      await page.getByRole('menuitem', { name: /Імпортувати файл|Import a translator/ }).click();
      await page
        .getByTestId('exchange-file')
        .setInputFiles({ name: 'en.xlf', mimeType: 'application/xliff+xml', buffer: TRANSLATOR_XLIFF });
      await page.getByRole('button', { name: /Перевірити файл|Check file/ }).click();
      await page.getByTestId('import-counts').waitFor();
    },
  },
];

/** Reports (issue 27): the index and each report with a period, a grouping and a filter chosen. */
const REPORT_SHOTS: Shot[] = [
  { name: 'reports-index', path: '/reports' },
  {
    name: 'reports-users',
    path: '/reports/users?preset=last-90-days&group=week&split=language',
    fullPage: true,
  },
  { name: 'reports-delivery', path: '/reports/delivery?preset=last-90-days&group=month', fullPage: true },
  { name: 'reports-errors', path: '/reports/errors?preset=last-90-days&group=month', fullPage: true },
  {
    name: 'reports-administrators',
    path: '/reports/administrators?preset=last-30-days&group=day',
    fullPage: true,
  },
  {
    // Saved with a name in the page's language, so the index below shows one per language.
    name: 'reports-save-dialog',
    path: '/reports/users?preset=last-90-days&group=week&split=language',
    act: async (page) => {
      const english = (await page.locator('html').getAttribute('lang')) === 'en-US';
      await page.getByRole('button', { name: english ? 'Save' : 'Зберегти', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('textbox')
        .first()
        .fill(english ? 'Sign-ups by language' : 'Реєстрації за мовами');
      const groups = dialog.getByRole('combobox');
      await groups.fill('superadmin');
      await groups.press('Enter');
    },
    after: async (page) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Save|Зберегти)$/ })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    },
  },
  {
    // A weekly delivery of the report saved above, to the demo administrator.
    name: 'reports-schedule-dialog',
    path: '/reports',
    act: async (page) => {
      await page
        .getByRole('button', { name: /за розкладом|on a schedule/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const recipients = dialog.getByRole('combobox', { name: /Одержувачі|Recipients/ });
      await recipients.fill('Олена');
      await page.getByRole('option').first().click();
    },
    after: async (page) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Save the schedule|Зберегти розклад)$/ })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page
        .getByRole('button', { name: /зараз|now$/ })
        .first()
        .click();
    },
  },
  {
    name: 'reports-schedule-runs',
    path: '/reports',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^(Історія розсилок|Deliveries of)/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('table').waitFor();
    },
  },
  { name: 'reports-saved-index', path: '/reports', fullPage: true },
  // A phone: the title, Save and Print wrap above the toolbar.
  { name: 'reports-phone', path: '/reports/users?preset=last-30-days&group=week', width: 390 },
  {
    // The print view as on A4 (186 mm between the page's margins), in the dark theme: print is light.
    name: 'reports-print',
    path: '/reports/users?preset=last-90-days&group=week&split=language',
    width: 703,
    dark: true,
    fullPage: true,
    act: async (page) => {
      await page.emulateMedia({ media: 'print' });
    },
    after: async (page) => {
      await page.emulateMedia({ media: 'screen' });
    },
  },
  { name: 'reports-storage', path: '/reports/storage?preset=last-30-days&group=week', fullPage: true },
  { name: 'reports-errors', path: '/reports/errors?preset=last-30-days&group=day', fullPage: true },
  { name: 'reports-chat', path: '/reports/chat?preset=last-30-days&group=day', fullPage: true },
];

const SHOTS: Shot[] = [
  { name: 'dashboard', path: '/dashboard', fullPage: true },
  ...REPORT_SHOTS,
  { name: 'users-list', path: '/auth/users' },
  ...IMPORT_SHOTS,
  ...TRANSLATOR_SHOTS,
  {
    name: 'users-filtered',
    path: '/auth/users?filter[status]=1&filter[email]=ko&sort=last_name&perPage=20',
    fullPage: true,
  },
  {
    name: 'users-create-errors',
    path: '/auth/users/create',
    act: async (page) => {
      await page.locator('input[name="email"]').fill('not-an-email');
      await page.locator('input[name="password"]').fill('short');
      await page.locator('button[type="submit"]').click();
    },
    fullPage: true,
  },
  { name: 'users-edit', path: '/auth/users/edit?id=3', fullPage: true },
  {
    name: 'users-delete-confirm',
    path: '/auth/users',
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('button').last().click();
    },
  },
  { name: 'admins-list', path: '/auth/admins' },
  { name: 'admins-edit', path: '/auth/admins/edit?id=1', fullPage: true },
  { name: 'countries', path: '/auth/countries' },
  { name: 'cities', path: '/auth/cities' },
  { name: 'settings', path: '/auth/settings', fullPage: true },
  { name: 'email-queue', path: '/notifications/email-queue', fullPage: true },
  { name: 'email-queue-failed', path: '/notifications/email-queue?filter[status]=failed' },
  {
    name: 'email-queue-retry-failed',
    path: '/notifications/email-queue',
    act: async (page) => {
      await page.getByRole('button', { name: /retry failed|повторити невдалі/i }).click();
      await page.waitForTimeout(600);
    },
  },
  { name: 'email-view-failed', path: '/notifications/email-queue/view/5' },
  { name: 'email-view-sent', path: '/notifications/email-queue/view/1', fullPage: true },
  { name: 'templates', path: '/notification/templates' },
  { name: 'template-edit', path: '/notification/templates/edit?id=1', settle: 1200 },
  {
    // Sandboxed frames do not paint in full-page captures: the preview is scrolled into the viewport.
    name: 'template-preview',
    path: '/notification/templates/edit?id=2',
    settle: 1200,
    act: async (page) => {
      await page.locator('iframe').first().scrollIntoViewIfNeeded();
    },
  },
  { name: 'template-create', path: '/notification/templates/create', settle: 1200 },
  {
    name: 'template-send-test',
    path: '/notification/templates/edit?id=2',
    act: async (page) => {
      await page.getByRole('button', { name: /send test|надіслати тест/i }).click();
    },
  },
  { name: 'translations', path: '/notification/translations', fullPage: true },
  { name: 'translations-missing', path: '/notification/translations?filter[missing]=en-US' },
  { name: 'translation-view', path: '/notification/translations/view/1' },
  { name: 'translation-edit', path: '/notification/translations/edit/7', fullPage: true },
  { name: 'translation-not-found', path: '/notification/translations/view/99999' },
  {
    name: 'settings-edit-json',
    path: '/auth/settings',
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('button').first().click();
    },
  },
  ...STORAGE_SHOTS,
  ...CHAT_SHOTS,
  ...CONFIG_SHOTS,
  ...AUDIT_SHOTS,
  ...TABLE_TOOLS_SHOTS,
  ...PHONE_SHOTS,
  ...LANG_TIME_SHOTS,
  ...FORMS_NAV_SHOTS,
];

async function main() {
  const pult = await startPult({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE });
  try {
    for (const locale of LOCALES) {
      const dir = path.join(OUT, locale);
      await mkdir(dir, { recursive: true });
      // A zone other than UTC, so the profile menu's "browser zone" choice names one.
      const context = await browser.newContext({ viewport: DEFAULT_VIEWPORT, timezoneId: 'Europe/Kyiv' });
      await withoutLiveStream(context);
      const page = await context.newPage();
      await page.goto(pult.url);
      await page.evaluate((value) => window.localStorage.setItem('language_locale', value), locale);
      await page.reload();
      await page.screenshot({ path: path.join(dir, 'signin.png') });
      await page.locator('input[name="email"]').fill(DEMO_ADMIN.email);
      await page.locator('input[name="password"]').fill(DEMO_ADMIN.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/dashboard');
      // SHOTS=email,template takes only the shots whose names contain one of the words.
      const only = process.env.SHOTS?.split(',');
      for (const shot of SHOTS.filter(
        (candidate) => !only || only.some((word) => candidate.name.includes(word)),
      )) {
        await page.evaluate(
          (dark) =>
            dark ? localStorage.setItem('color_mode', 'dark') : localStorage.removeItem('color_mode'),
          shot.dark === true,
        );
        await page.setViewportSize(
          shot.width
            ? { width: shot.width, height: shot.width < 600 ? PHONE_HEIGHT : 800 }
            : DEFAULT_VIEWPORT,
        );
        if (shot.abort) await page.route(shot.abort, (route) => route.abort());
        await page.goto(`${pult.url}${shot.path}`);
        await page.waitForLoadState('networkidle');
        if (shot.settle) await page.waitForTimeout(shot.settle);
        if (shot.act) {
          await shot.act(page);
          await page.waitForTimeout(400);
        }
        await page.screenshot({ path: path.join(dir, `${shot.name}.png`), fullPage: shot.fullPage ?? false });
        await shot.after?.(page);
        if (shot.abort) await page.unrouteAll();
      }
      await context.close();
    }
    console.log(`Screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await pult.stop();
  }
}

await main();
