import type { PublicTranslations } from './public-uk-UA';

/** English texts of the public screens; typed against the Ukrainian ones. */
export const publicEn: PublicTranslations = {
  app: {
    name: 'Pult',
    configFailed: 'Could not load the application settings. Check the connection and try again.',
    retry: 'Try again',
  },
  language: { label: 'Language' },
  login: {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot password?',
    error: 'Error',
    close: 'Close',
    fillBoth: 'Please enter both e-mail and password',
    emailRequired: 'Email is required',
    emailInvalid: 'E-mail must be valid',
    passwordRequired: 'Password is required',
    invalidCredentials: 'Invalid login or password',
    invalidResponse: 'Invalid server response',
    serverError: 'Server error: {{message}}',
    mfa: {
      title: 'Confirm sign-in',
      codeIntro: 'Enter the 6-digit code from your authenticator app.',
      recoveryIntro: 'Enter one of the recovery codes you saved. Each code works once.',
      code: 'Authenticator code',
      recoveryCode: 'Recovery code',
      submit: 'Confirm',
      back: 'Back',
      useRecovery: 'Use a recovery code',
      useCode: 'Use the authenticator code',
      usePasskey: 'Use a passkey',
      passkeyFailed: 'The passkey could not be used: {{message}}',
      expired: 'The time to confirm the sign-in has run out. Enter your password again.',
    },
  },

  recover: {
    title: 'Password recovery',
    intro: 'Enter the e-mail of your account and we will send you a link to reset the password.',
    email: 'E-mail',
    submit: 'Send recovery link',
    success: 'A password recovery e-mail has been sent.',
    backToLogin: 'Back to sign in',
  },

  changePassword: {
    // The contract's `codeInvalid`, here too so the screen needs no message catalogue for a link without a code.
    linkInvalid: 'Invalid or expired code',
    title: 'Change password',
    code: 'Confirmation code',
    password: 'New password',
    passwordRepeat: 'Repeat password',
    submit: 'Change password',
    success: 'The password has been changed.',
    backToLogin: 'Back to sign in',
  },
  common: {
    unknownError: 'An error occurred. Please try again.',
    rateLimit: 'Request limit exceeded, please try again later',
  },
  validation: { emailRequired: 'Email is required' },
  navigation: {
    sessionEnded: {
      title: 'Your session has ended. Please sign in again.',
      expired: 'The session expired.',
      rejected: 'The server no longer accepts this session: it was revoked or could not be renewed.',
    },
  },
};
