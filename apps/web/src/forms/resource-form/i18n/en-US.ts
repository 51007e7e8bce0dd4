import type { recordConflictUk } from './uk-UA';

export const recordConflictEn: typeof recordConflictUk = {
  title: 'Someone else changed this record',
  intro: 'While you were editing, the record was saved with other values. Nothing you typed is lost.',
  changedBy: 'Changed by {{admin}} at {{time}}.',
  changedAt: 'Changed at {{time}}.',
  authorUnknown: 'Who made that change is not known to you.',
  field: 'Field',
  yours: 'Yours',
  theirs: 'Theirs now',
  base: 'When you opened it',
  clash: 'Changed by both',
  empty: 'empty',
  pickHint: 'Choose which value each field keeps, then save again.',
  keepMine: 'Keep all mine',
  takeTheirs: 'Take all theirs',
  apply: 'Use the chosen values',
  later: 'Not now',
  applied: 'The form now holds the chosen values. Check them and save.',
};
