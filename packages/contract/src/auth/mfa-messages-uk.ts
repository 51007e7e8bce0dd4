import type { en } from './mfa-messages.js';

/** The Ukrainian texts of `./mfa-messages.ts`. */
export const uk: Record<keyof typeof en, string> = {
  mfaCodeFormat: 'Введіть 6 цифр із застосунку-автентифікатора',
  mfaRecoveryCodeFormat: 'Код відновлення має вигляд abcde-fgh23',
  mfaOneProof: 'Вкажіть щось одне: код, код відновлення або пароль',
  mfaCodeInvalid: 'Неправильний або вже використаний код',
  mfaTokenInvalid: 'Цей крок входу прострочений або вже використаний: увійдіть знову',
  mfaPasswordInvalid: 'Неправильний пароль',
  mfaTooManyAttempts: 'Забагато неправильних кодів. Спробуйте через {minutes} хв.',
  mfaTotpAlreadyEnabled: 'Застосунок-автентифікатор уже налаштовано: спершу видаліть його',
  mfaTotpNotPending: 'Спершу почніть налаштування автентифікатора',
  mfaTotpNotEnabled: 'Застосунок-автентифікатор не налаштовано',
  mfaFactorRequired: 'Підтвердьте кодом із застосунку-автентифікатора або кодом відновлення',
  stepUpRequired:
    'Ця дія потребує підтвердження, що це ви: введіть код із застосунку-автентифікатора (або пароль)',
  mfaEnrollmentRequired:
    'Ваша група вимагає другого фактора: налаштуйте застосунок-автентифікатор, щоб продовжити',
  mfaPasswordNotAccepted: 'У вас є другий фактор: підтвердьте його кодом, а не паролем',
  mfaResetOwn: 'Власний другий фактор змінюють у профілі, а не тут',
  mfaPasskeyInvalid: 'Ключ доступу відповів не так, як очікувалося: спробуйте ще раз',
  mfaPasskeysUnavailable:
    'Ключам доступу потрібна панель за іменем хоста (наприклад, localhost), а не за IP-адресою',
  passkeyNotFound: 'Такого ключа доступу немає',
};
