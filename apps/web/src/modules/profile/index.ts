/** What the shell and other modules may use of the profile module. */
import { lazyWithRetry } from '../../app/lazy-with-retry';

export { fullName, initials } from './profile-name';
export { SessionsCard } from './security/sessions-card';
export { StepUpDialogHost } from './security/step-up-dialog-host';
export { useProfile } from './use-profile';
export { useProfileBasic } from './use-profile-basic';

/** Shown only while a group requires a factor the sign-in lacks: its own chunk. */
export const MfaEnrolmentPage = lazyWithRetry(() => import('./security/mfa-enrolment-page'));
