/** Server texts of the reports (message keys; see `../messages.ts`). */
export const en = {
  savedReportGroupTwice: 'A group is named twice',
  savedReportGroupUnknown: 'No such group',
  reportPeriodMissing: 'Choose a preset or both dates of the period',
  reportPeriodTwice: 'Choose either a preset or dates, not both',
  reportPeriodReversed: 'The period must not end before it starts',
  reportPeriodTooLong: 'A report covers at most 731 days (two years)',
  timeZoneInvalid: 'Unknown time zone: use an IANA name such as Europe/Kyiv',
  scheduleRecipientsMissing: 'Choose at least one recipient',
  scheduleRecipientTwice: 'A recipient is chosen twice',
  scheduleRecipientUnknown: 'No such active administrator',
  scheduleSavedReportUnknown: 'No such saved report',
};
