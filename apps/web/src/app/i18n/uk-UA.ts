import { publicUk } from '../../i18n/locales/public-uk-UA';
/**
 * Texts of the panel's navigation safeguards: leaving unsaved forms, an unreachable server, a page that
 * cannot load, a session that ended by itself, and the keyboard's skip link.
 */
export const navigationUk = {
  skipToContent: 'Перейти до вмісту',
  unsaved: {
    title: 'Вийти без збереження?',
    text: 'На цій сторінці є незбережені зміни. Якщо вийти, їх буде втрачено.',
    stay: 'Залишитися',
    leave: 'Вийти без збереження',
  },
  connection: {
    lost: 'Не вдається з’єднатися з сервером.',
    retryingIn_one: 'Повторна спроба через {{count}} секунду.',
    retryingIn_few: 'Повторна спроба через {{count}} секунди.',
    retryingIn_many: 'Повторна спроба через {{count}} секунд.',
    retryingIn_other: 'Повторна спроба через {{count}} секунди.',
    retrying: 'Перевіряємо з’єднання…',
    retryNow: 'Повторити зараз',
  },
  pageLoad: {
    title: 'Не вдалося завантажити сторінку',
    text: 'Перевірте з’єднання з мережею й спробуйте ще раз. Меню працює як і раніше.',
    tryAgain: 'Спробувати ще раз',
  },
  sessionEnded: publicUk.navigation.sessionEnded,
};

export type NavigationTranslations = typeof navigationUk;
