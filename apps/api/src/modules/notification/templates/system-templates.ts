import {
  ADMIN_INVITATION_TEMPLATE,
  MFA_RESET_TEMPLATE,
  PASSWORD_RECOVERY_TEMPLATE,
} from '../../../mail/mailer.js';

/**
 * The templates the platform sends itself, seeded by the migration so an administrator can edit their
 * wording. Their names are fixed: the senders look them up by name.
 */
export { ADMIN_INVITATION_TEMPLATE, MFA_RESET_TEMPLATE, PASSWORD_RECOVERY_TEMPLATE };

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
