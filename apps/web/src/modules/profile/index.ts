/** What the shell and other modules may use of the profile module. */
export { fullName, initials } from './profile-name';
export { useProfileBasic } from './use-profile-basic';
