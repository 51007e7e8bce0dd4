import { RATE_LIMIT_MESSAGE } from '@pult/contract';

/**
 * The texts of the public screens (sign-in, recovery, change password): the public entry downloads
 * only these, and the panel's full texts are built on them, so each text is written once. Keys keep
 * the panel's paths (`login.title`, `common.unknownError`), so a key means the same in both.
 */
export const publicUk = {
  app: {
    name: 'Пульт',
    configFailed: 'Не вдалося завантажити налаштування застосунку. Перевірте з’єднання та спробуйте ще раз.',
    retry: 'Спробувати ще раз',
  },
  language: { label: 'Мова' },
  login: {
    title: 'Вхід',
    email: 'Е-пошта',
    password: 'Пароль',
    submit: 'Увійти',
    forgot: 'Забули пароль?',
    error: 'Помилка',
    close: 'Закрити',
    fillBoth: 'Введіть е-пошту та пароль',
    emailRequired: 'Е-пошта обов’язкова',
    emailInvalid: 'Е-пошта має бути дійсною',
    passwordRequired: 'Пароль обов’язковий',
    invalidCredentials: 'Невірний логін або пароль',
    invalidResponse: 'Некоректна відповідь сервера',
    serverError: 'Помилка сервера: {{message}}',
    mfa: {
      title: 'Підтвердження входу',
      codeIntro: 'Введіть 6-значний код, який показує застосунок автентифікації.',
      recoveryIntro: 'Введіть один із кодів відновлення, які ви зберегли. Кожен код діє один раз.',
      code: 'Код автентифікатора',
      recoveryCode: 'Код відновлення',
      submit: 'Підтвердити',
      back: 'Назад',
      useRecovery: 'Використати код відновлення',
      useCode: 'Використати код автентифікатора',
      usePasskey: 'Використати ключ доступу',
      passkeyFailed: 'Не вдалося використати ключ доступу: {{message}}',
      expired: 'Час на підтвердження входу минув. Введіть пароль ще раз.',
    },
  },

  recover: {
    title: 'Відновлення пароля',
    intro: 'Вкажіть е-пошту облікового запису, і ми надішлемо посилання для відновлення пароля.',
    email: 'Е-пошта',
    submit: 'Надіслати посилання',
    success: 'Лист для відновлення пароля надіслано.',
    backToLogin: 'Повернутися до входу',
  },

  changePassword: {
    // The contract's `codeInvalid`, here too so the screen needs no message catalogue for a link without a code.
    linkInvalid: 'Недійсний або прострочений код',
    title: 'Зміна пароля',
    code: 'Код підтвердження',
    password: 'Новий пароль',
    passwordRepeat: 'Повторіть пароль',
    submit: 'Змінити пароль',
    success: 'Пароль змінено.',
    backToLogin: 'Повернутися до входу',
  },
  common: {
    unknownError: 'Сталася помилка. Спробуйте ще раз.',
    rateLimit: RATE_LIMIT_MESSAGE,
  },
  validation: { emailRequired: 'Е-пошта обов’язкова' },
  navigation: {
    sessionEnded: {
      title: 'Ваш сеанс завершено. Увійдіть знову.',
      expired: 'Термін дії сеансу минув.',
      rejected: 'Сервер більше не приймає цей сеанс: його відкликано або не вдалося поновити.',
    },
  },
};

export type PublicTranslations = typeof publicUk;
