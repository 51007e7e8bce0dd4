import type { LiveTexts } from './uk-UA';

export const liveEn: LiveTexts = {
  list: {
    newRecords: '{{count}} new — show',
    newAnnounce: 'New records: {{count}}',
    changed: 'This list has changed — show',
    changedAnnounce: 'This list has changed',
    deleted: 'Deleted',
  },
  form: {
    changedBy: 'Changed by {{name}} at {{time}}.',
    changedByAnother: 'Changed by another administrator at {{time}}.',
    deletedBy: 'Deleted by {{name}} at {{time}}.',
    deletedByAnother: 'Deleted by another administrator at {{time}}.',
    reload: 'Reload',
    compare: 'Compare',
    reloadTitle: 'Reload the record?',
    reloadText: 'Your unsaved changes in this form will be lost.',
    reloadConfirm: 'Reload',
    reloaded: 'The form shows the record as it is now.',
    nothingDiffers: 'The form’s fields already match the record. You can save.',
    readFailed: 'Could not read the record. Please try again.',
  },
};
