/** What the shell and other modules may use of the profile module. */
export { fullName, initials } from './profile-name';
export { useProfile } from './use-profile';
export { useProfileBasic } from './use-profile-basic';
