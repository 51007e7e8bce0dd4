import type { dashboardFiguresUk } from './uk-UA';

export const dashboardFiguresEn: typeof dashboardFiguresUk = {
  title: 'Figures',
  failed: 'This figure could not be loaded.',
  indexFailed: 'The figures could not be loaded.',
  retry: 'Try again',
  openList: 'Open the list',
  last30: 'In 30 days: {{total}}',
  chartHint: 'Click a bar to open that day’s records.',
  dayLink: '{{series}}, {{day}}: {{value}}',
  cards: {
    auth: {
      usersByStatus: {
        title: 'Users by status',
        keys: {
          '0': 'Not activated',
          '1': 'Active',
          '2': 'Locked',
          '3': 'Banned',
          '4': 'Disabled',
          '10': 'Deleted',
        },
      },
      newUsers: { title: 'New users per day', keys: { users: 'New users' } },
      adminsOnline: { title: 'Administrators signed in now', keys: {} },
    },
    notification: {
      queueByStatus: {
        title: 'E-mail queue by status',
        keys: {
          pending: 'Pending',
          processing: 'Sending',
          sent: 'Sent',
          failed: 'Failed',
          cancelled: 'Cancelled',
        },
      },
      sentFailed: { title: 'E-mails sent and failed per day', keys: { sent: 'Sent', failed: 'Failed' } },
    },
    storage: {
      bytesByBucket: { title: 'Storage used per bucket', keys: {} },
      filesPerDay: { title: 'New files per day', keys: { count: 'Files' } },
      errorsPerDay: { title: 'Errors per day', keys: { count: 'Errors' } },
      openErrorGroups: { title: 'Open error groups', keys: {} },
    },
  },
};
