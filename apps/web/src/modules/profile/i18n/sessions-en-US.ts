import type { profileSessionsUk } from './sessions-uk-UA';

export const profileSessionsEn: typeof profileSessionsUk = {
  title: 'Where you are signed in',
  intro: 'Open sign-ins to the panel. End one you do not recognise, and change your password.',
  current: 'This device',
  unknownDevice: 'Unknown browser',
  lastSeen: 'last seen {{at}}',
  since: 'signed in {{at}}',
  withFactor: 'with a second factor',
  passwordOnly: 'password only',
  end: 'End',
  endOne: 'End the sign-in: {{device}}',
  endOthers: 'Sign out on every other device',
  ended_one: '{{count}} sign-in ended',
  ended_few: '{{count}} sign-ins ended',
  ended_many: '{{count}} sign-ins ended',
  ended_other: '{{count}} sign-ins ended',
  theirsTitle: 'Where this administrator is signed in',
  theirsIntro: 'End a sign-in on a lost or shared device: its next request is refused.',
  none: 'No open sign-ins.',
};
