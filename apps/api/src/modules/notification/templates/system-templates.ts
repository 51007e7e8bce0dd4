import type { Locale } from '@pult/contract';
import {
  ADMIN_INVITATION_TEMPLATE,
  MFA_RESET_TEMPLATE,
  PASSWORD_RECOVERY_TEMPLATE,
  REPORT_DELIVERY_TEMPLATE,
} from '../../../mail/mailer.js';

/**
 * The templates the platform sends itself, seeded by the migration so an administrator can edit their
 * wording. Their names are fixed: the senders look them up by name.
 */
export {
  ADMIN_INVITATION_TEMPLATE,
  MFA_RESET_TEMPLATE,
  PASSWORD_RECOVERY_TEMPLATE,
  REPORT_DELIVERY_TEMPLATE,
};

/** A system template as a migration inserts it, with the translations its texts refer to. */
export interface SystemTemplateSeed {
  template: { name: string; subject: string; content: string; sample_variables: Record<string, string> };
  translations: readonly { group: string; key: string; texts: Record<Locale, string> }[];
}

const group = PASSWORD_RECOVERY_TEMPLATE;

export const PASSWORD_RECOVERY_SEED = {
  template: {
    name: PASSWORD_RECOVERY_TEMPLATE,
    subject: `{company}: {t:${group}.subject}`,
    content: [
      `<p>{t:${group}.intro}</p>`,
      `<p>{t:${group}.action}<br><a href="{link}">{link}</a></p>`,
      `<p>{t:${group}.expiry}<br>{t:${group}.ignore}</p>`,
      '<p>— {company}</p>',
    ].join('\n'),
    sample_variables: { company: 'Pult', link: 'https://pult.example/change-password?code=sample-code' },
  },
  translations: [
    { group, key: 'subject', texts: { 'uk-UA': 'Відновлення пароля', 'en-US': 'Password recovery' } },
    {
      group,
      key: 'intro',
      texts: {
        'uk-UA': 'Ми отримали запит на відновлення пароля до панелі адміністратора.',
        'en-US': 'We received a request to recover the password of your administrator account.',
      },
    },
    {
      group,
      key: 'action',
      texts: {
        'uk-UA': 'Щоб встановити новий пароль, перейдіть за посиланням:',
        'en-US': 'To set a new password, follow this link:',
      },
    },
    {
      group,
      key: 'expiry',
      texts: {
        'uk-UA': 'Посилання дійсне 15 хвилин і спрацьовує лише один раз.',
        'en-US': 'The link is valid for 15 minutes and works only once.',
      },
    },
    {
      group,
      key: 'ignore',
      texts: {
        'uk-UA': 'Якщо ви не надсилали запит, просто проігноруйте цей лист.',
        'en-US': 'If you did not ask for this, ignore this e-mail.',
      },
    },
  ],
} as const;

const reset = MFA_RESET_TEMPLATE;

/** Sent to an administrator whose second factor another administrator has reset. */
export const MFA_RESET_SEED = {
  template: {
    name: MFA_RESET_TEMPLATE,
    subject: `{company}: {t:${reset}.subject}`,
    content: [
      `<p>{t:${reset}.intro} {by}.</p>`,
      `<p>{t:${reset}.next}</p>`,
      `<p>{t:${reset}.warning}</p>`,
      '<p>— {company}</p>',
    ].join('\n'),
    sample_variables: { company: 'Pult', by: 'Emily Carter <emily.carter@pult.local>' },
  },
  translations: [
    {
      group: reset,
      key: 'subject',
      texts: { 'uk-UA': 'Ваш другий фактор скинуто', 'en-US': 'Your second factor was reset' },
    },
    {
      group: reset,
      key: 'intro',
      texts: {
        'uk-UA':
          'Застосунок-автентифікатор і коди відновлення вашого облікового запису адміністратора видалив',
        'en-US': 'The authenticator app and recovery codes of your administrator account were removed by',
      },
    },
    {
      group: reset,
      key: 'next',
      texts: {
        'uk-UA':
          'Усі ваші сеанси завершено. Увійдіть із паролем і знову налаштуйте автентифікатор у профілі.',
        'en-US':
          'All your sessions were ended. Sign in with your password and set up the authenticator again in your profile.',
      },
    },
    {
      group: reset,
      key: 'warning',
      texts: {
        'uk-UA': 'Якщо ви про це не просили, негайно повідомте свою службу безпеки.',
        'en-US': 'If you did not ask for this, tell your security team at once.',
      },
    },
  ],
} as const;

const invitation = ADMIN_INVITATION_TEMPLATE;

/** Sent to an administrator an import created: they have no password until they follow the link. */
export const ADMIN_INVITATION_SEED = {
  template: {
    name: ADMIN_INVITATION_TEMPLATE,
    subject: `{company}: {t:${invitation}.subject}`,
    content: [
      `<p>{inviter} {t:${invitation}.intro}</p>`,
      `<p>{t:${invitation}.action}<br><a href="{link}">{link}</a></p>`,
      `<p>{t:${invitation}.expiry}<br>{t:${invitation}.ignore}</p>`,
      '<p>— {company}</p>',
    ].join('\n'),
    sample_variables: {
      company: 'Pult',
      inviter: 'Emily Carter',
      link: 'https://pult.example/change-password?code=sample-code',
    },
  },
  translations: [
    {
      group: invitation,
      key: 'subject',
      texts: {
        'uk-UA': 'Запрошення до панелі адміністратора',
        'en-US': 'Invitation to the administrator panel',
      },
    },
    {
      group: invitation,
      key: 'intro',
      texts: {
        'uk-UA': 'запрошує вас до панелі адміністратора.',
        'en-US': 'invites you to the administrator panel.',
      },
    },
    {
      group: invitation,
      key: 'action',
      texts: {
        'uk-UA': 'Щоб встановити свій пароль, перейдіть за посиланням:',
        'en-US': 'To set your password, follow this link:',
      },
    },
    {
      group: invitation,
      key: 'expiry',
      texts: {
        'uk-UA': 'Посилання дійсне 7 днів і спрацьовує лише один раз.',
        'en-US': 'The link is valid for 7 days and works only once.',
      },
    },
    {
      group: invitation,
      key: 'ignore',
      texts: {
        'uk-UA': 'Якщо ви не очікували цього запрошення, просто проігноруйте цей лист.',
        'en-US': 'If you did not expect this invitation, ignore this e-mail.',
      },
    },
  ],
} as const;

const delivery = REPORT_DELIVERY_TEMPLATE;

/**
 * A saved report's figures on its schedule (issue 27). `table` is HTML the server makes (the report's
 * tables, every name escaped), put in unescaped; the same figures are attached as a CSV file.
 */
export const REPORT_DELIVERY_SEED = {
  template: {
    name: REPORT_DELIVERY_TEMPLATE,
    subject: `{company}: {t:${delivery}.subject}`,
    content: [
      `<p>{t:${delivery}.intro}</p>`,
      '{table}',
      `<p>{t:${delivery}.attached}</p>`,
      `<p>{t:${delivery}.open}<br><a href="{link}">{link}</a></p>`,
      `<p style="color:#57606a;font-size:12px">{t:${delivery}.why}</p>`,
      '<p>— {company}</p>',
    ].join('\n'),
    sample_variables: {
      company: 'Pult',
      reportName: 'Weekly sign-ups',
      report: 'Users',
      period: '2026-11-01 – 2026-11-30, Europe/Kyiv',
      schedule: 'every Monday at 09:00',
      link: 'https://pult.example/reports/users?preset=last-30-days&group=week',
      table:
        '<table class="data" style="border-collapse:collapse"><tr><th style="border:1px solid #d0d7de;padding:4px 8px">Week</th>' +
        '<th style="border:1px solid #d0d7de;padding:4px 8px;text-align:right">Sign-ups</th></tr>' +
        '<tr><td style="border:1px solid #d0d7de;padding:4px 8px">2026-11-02</td>' +
        '<td style="border:1px solid #d0d7de;padding:4px 8px;text-align:right">42</td></tr></table>',
    },
  },
  translations: [
    {
      group: delivery,
      key: 'subject',
      texts: { 'uk-UA': 'звіт «{reportName}», {period}', 'en-US': 'report “{reportName}”, {period}' },
    },
    {
      group: delivery,
      key: 'intro',
      texts: {
        'uk-UA': 'Звіт «{reportName}» ({report}) за період {period}:',
        'en-US': 'The report “{reportName}” ({report}) for {period}:',
      },
    },
    {
      group: delivery,
      key: 'attached',
      texts: {
        'uk-UA': 'Ті самі дані додано до листа файлом CSV для електронних таблиць.',
        'en-US': 'The same figures are attached as a CSV file for spreadsheets.',
      },
    },
    {
      group: delivery,
      key: 'open',
      texts: {
        'uk-UA': 'Відкрити звіт у панелі адміністратора:',
        'en-US': 'Open the report in the administrator panel:',
      },
    },
    {
      group: delivery,
      key: 'why',
      texts: {
        'uk-UA':
          'Ви отримуєте цей звіт {schedule}, бо адміністратор додав вашу адресу до одержувачів його розсилки. Щоб більше не отримувати його, попросіть адміністратора вилучити вас із переліку.',
        'en-US':
          'You receive this report {schedule} because an administrator put your address on the list of its recipients. To stop receiving it, ask an administrator to take you off that list.',
      },
    },
  ],
} as const;

/** The variables of HTML the platform fills in itself, by system template. */
const HTML_VARIABLES: Readonly<Record<string, readonly string[]>> = { [REPORT_DELIVERY_TEMPLATE]: ['table'] };

/**
 * A template's sample values for its server-made HTML variables, so the editor's preview and a test
 * send show a sample table as a table. The sample is the administrator's own HTML, as the template's
 * content is: nothing they could not write into the content itself.
 */
export function sampleHtml(
  templateName: string | undefined,
  sample: Record<string, unknown>,
): Record<string, string> | undefined {
  const names = (templateName && HTML_VARIABLES[templateName]) || [];
  const entries = names.flatMap((name) => {
    const value = sample[name];
    return typeof value === 'string' ? [[name, value] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
