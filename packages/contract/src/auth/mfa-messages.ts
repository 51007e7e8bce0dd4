/** Server texts of the second factor (message keys; see `../messages.ts`). */
export const en = {
  mfaCodeFormat: 'Enter the 6 digits your authenticator app shows',
  mfaRecoveryCodeFormat: 'A recovery code looks like abcde-fgh23',
  mfaOneProof: 'Give only one of: code, recovery code, password',
  mfaCodeInvalid: 'Wrong or already used code',
  mfaTokenInvalid: 'This sign-in step has expired or was already used: sign in again',
  mfaPasswordInvalid: 'Wrong password',
  mfaTooManyAttempts: 'Too many wrong codes. Try again in {minutes} min.',
  mfaTotpAlreadyEnabled: 'The authenticator app is already set up: remove it first',
  mfaTotpNotPending: 'Start the authenticator setup first',
  mfaTotpNotEnabled: 'The authenticator app is not set up',
  mfaFactorRequired: 'Confirm with a code from your authenticator app or a recovery code',
  stepUpRequired:
    'This action needs you to confirm it is you: enter a code from your authenticator app (or your password)',
  mfaEnrollmentRequired: 'Your group requires a second factor: set up an authenticator app to continue',
  mfaPasswordNotAccepted: 'You have a second factor: confirm with its code, not the password',
  mfaResetOwn: 'Your own second factor is changed in your profile, not here',
  mfaPasskeyInvalid: 'The passkey did not answer as expected: try again',
  mfaPasskeysUnavailable: 'Passkeys need the panel at a host name (such as localhost), not an IP address',
  passkeyNotFound: 'No such passkey',
};
