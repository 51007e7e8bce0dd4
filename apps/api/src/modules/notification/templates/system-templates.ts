import { PASSWORD_RECOVERY_TEMPLATE } from '../../../mail/mailer.js';

/**
 * The templates the platform sends itself, seeded by the migration so an administrator can edit their
 * wording. Their names are fixed: the senders look them up by name.
 */
export { PASSWORD_RECOVERY_TEMPLATE };

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
