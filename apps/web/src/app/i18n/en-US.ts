import { publicEn } from '../../i18n/locales/public-en-US';
import type { NavigationTranslations } from './uk-UA';

export const navigationEn: NavigationTranslations = {
  skipToContent: 'Skip to content',
  unsaved: {
    title: 'Leave without saving?',
    text: 'This page has unsaved changes. If you leave, they will be lost.',
    stay: 'Stay',
    leave: 'Leave without saving',
  },
  connection: {
    lost: 'The service cannot be reached.',
    retryingIn_one: 'Retrying in {{count}} second.',
    retryingIn_few: 'Retrying in {{count}} seconds.',
    retryingIn_many: 'Retrying in {{count}} seconds.',
    retryingIn_other: 'Retrying in {{count}} seconds.',
    retrying: 'Checking the connection…',
    retryNow: 'Retry now',
  },
  pageLoad: {
    title: 'This page could not be loaded',
    text: 'Check your network connection and try again. The menu still works.',
    tryAgain: 'Try again',
  },
  sessionEnded: publicEn.navigation.sessionEnded,
};
