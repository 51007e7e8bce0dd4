import type { activityReportsUk } from './activity-uk-UA';

export const activityReportsEn: typeof activityReportsUk = {
  storage: {
    title: 'Storage',
    description:
      'Files and bytes added to each bucket, the buckets that grew most, and uploads refused by a bucket’s rules.',
    filters: { bucket: 'Bucket' },
    sections: {
      files: 'Files added',
      bytes: 'Bytes added (largest buckets first)',
      refusals: 'Uploads refused',
    },
    keys: {
      refusals: {
        groups: 'Bucket groups',
        extension: 'Extension',
        mime: 'Content type',
        size: 'Size',
      },
    },
  },
  errors: {
    title: 'Errors',
    description:
      'New error groups per service, groups that came back after being resolved, groups resolved, and the mean time to resolve.',
    filters: { service: 'Service' },
    sections: {
      newGroups: 'New groups',
      reopened: 'Recurring (reopened)',
      resolved: 'Resolved',
      timeToResolve: 'Mean time to resolve, hours',
    },
    keys: { timeToResolve: { averageHours: 'Hours on average' } },
  },
  chat: {
    title: 'Chat',
    description: 'Messages and active users (those who posted) per period, and the busiest channels.',
    filters: { type: 'Kind of channel' },
    sections: {
      messages: 'Messages',
      activeUsers: 'Active users',
      channels: 'Channels by activity',
    },
    keys: {
      messages: { all: 'Messages' },
      activeUsers: { all: 'Posted in chat' },
      channels: { other: 'Other channels' },
    },
  },
};
