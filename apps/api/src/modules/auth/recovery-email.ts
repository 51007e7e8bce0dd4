import type { Locale } from '@pult/contract';
import type { OutgoingEmail } from '../notification/index.js';

const TEXTS: Record<
  Locale,
  { subject: string; intro: string; action: string; expiry: string; ignore: string }
> = {
  'uk-UA': {
    subject: 'Відновлення пароля',
    intro: 'Ми отримали запит на відновлення пароля до панелі адміністратора.',
    action: 'Щоб встановити новий пароль, перейдіть за посиланням:',
    expiry: 'Посилання дійсне 15 хвилин і спрацьовує лише один раз.',
    ignore: 'Якщо ви не надсилали запит, просто проігноруйте цей лист.',
  },
  'en-US': {
    subject: 'Password recovery',
    intro: 'We received a request to recover the password of your administrator account.',
    action: 'To set a new password, follow this link:',
    expiry: 'The link is valid for 15 minutes and works only once.',
    ignore: 'If you did not ask for this, ignore this e-mail.',
  },
};

export function recoveryEmail(to: string, link: string, locale: Locale, companyName: string): OutgoingEmail {
  const t = TEXTS[locale];
  const text = [t.intro, '', t.action, link, '', t.expiry, t.ignore, '', `— ${companyName}`].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p>${escapeHtml(t.action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`,
    `<p>— ${escapeHtml(companyName)}</p>`,
  ].join('\n');
  return {
    to,
    templateName: 'admin_password_recovery',
    subject: `${companyName}: ${t.subject}`,
    text,
    html,
    priority: 'main',
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
