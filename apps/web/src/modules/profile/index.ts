/** What the shell and other modules may use of the profile module. */
export { fullName, initials } from './profile-name';
export { MfaEnrolmentPage } from './security/mfa-enrolment-page';
export { SessionsCard } from './security/sessions-card';
export { StepUpDialogHost } from './security/step-up-dialog-host';
export { useProfile } from './use-profile';
export { useProfileBasic } from './use-profile-basic';
