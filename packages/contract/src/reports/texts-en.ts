import type { ReportTexts } from './texts-uk.js';

/** The reports' texts in English (the shape is the Ukrainian one's). */
export const reportTextsEn: ReportTexts = {
  bucket: { day: 'Day', week: 'Week (from Monday)', month: 'Month' },
  forPeriod: 'For the period',
  total: 'Total',
  noData: 'Nothing happened in this period.',
  users: {
    title: 'Users',
    description:
      'Sign-ups, status changes and how many of those who signed up are still active; by country or language.',
    sections: { signups: 'Sign-ups', statusChanges: 'Status changes', retention: 'Retention' },
    keys: {
      signups: { all: 'Sign-ups', '0': 'No country given', 'uk-UA': 'Ukrainian', 'en-US': 'English' },
      statusChanges: {
        '0': 'Deactivated',
        '1': 'Activated',
        '2': 'Locked',
        '3': 'Banned',
        '4': 'Disabled',
        '10': 'Deleted',
      },
      retention: { signedUp: 'Signed up', activeNow: 'Active now' },
    },
  },
  delivery: {
    title: 'Delivery',
    description:
      'E-mails, SMS and push messages by when they were queued: how many were sent, failed or were cancelled — by channel and template; why they failed, and how long sending took.',
    sections: {
      byStatus: 'By outcome',
      byChannel: 'By channel',
      byTemplate: 'By template',
      byConfig: 'By configuration (the one that carried the message, else the planned one)',
      failureReasons: 'Failure reasons (most frequent first)',
      latency: 'Time from queued to sent (to the histogram’s bucket)',
    },
    keys: {
      byStatus: {
        pending: 'Pending',
        processing: 'Processing',
        sent: 'Sent',
        failed: 'Failed',
        cancelled: 'Cancelled',
      },
      byChannel: { email: 'E-mail', sms: 'SMS', push: 'Push' },
      byConfig: {
        'email:default': 'E-mail, the default way (planned)',
        'sms:default': 'Default SMS configuration (planned)',
        'push:default': 'Default push configuration (planned)',
        SMTP_URL: 'SMTP_URL (server setting)',
        outbox: 'Outbox (no SMTP server)',
      },
      failureReasons: {
        rejected: 'Refused by the recipient’s side',
        temporary: 'Temporary refusal, retries used up',
        connection: 'No connection (timeout, refused, DNS)',
        auth: 'Authentication failed',
        configuration: 'Unusable channel configuration',
        provider: 'Other provider error',
        other: 'Other',
      },
      latency: { p50: 'Median (p50)', p95: '95th percentile (p95)' },
    },
  },
  administrators: {
    title: 'Administrators',
    description: 'Each administrator’s actions from the audit log: who changed what, and how much.',
    sections: {
      byAdministrator: 'By administrator',
      byAction: 'By kind of action',
      byResource: 'By resource',
    },
    keys: {
      byAdministrator: { '0': 'Unknown (failed sign-ins)' },
      byAction: {
        create: 'Create',
        update: 'Update',
        delete: 'Delete',
        bulk: 'Bulk action',
        action: 'Module action',
        signin: 'Sign-in',
        signout: 'Sign-out',
        signin_failed: 'Failed sign-in',
        password_change: 'Password change',
        denied: 'Access denied',
      },
      // The audit log names a resource by its descriptor (`ResourceDescriptor.name`), as the menu names it.
      byResource: {
        none: 'No resource (sign-ins, sign-outs)',
        users: 'Users',
        admins: 'Admins',
        groups: 'Admin groups',
        settings: 'Settings',
        countries: 'Countries',
        cities: 'Cities',
        audit: 'Audit log',
        'saved-reports': 'Saved reports',
        'report-schedules': 'Report e-mail delivery',
        storageBuckets: 'Buckets',
        storageFiles: 'Files',
        platformFiles: 'Platform users’ files',
        storageLogs: 'User logs',
        storageErrors: 'Errors',
        storageErrorGroups: 'Error groups',
        chatChannelUsers: 'Chat users',
        chatChannels: 'Channels',
        'email-queue': 'Email queue',
        templates: 'Templates',
        translations: 'Translations',
        'push-configs': 'Push configs',
        'sms-configs': 'SMS configs',
        'smtp-configs': 'SMTP configs',
      },
    },
  },
  storage: {
    title: 'Storage',
    description:
      'Files and bytes added to each bucket, the buckets that grew most, and uploads refused by a bucket’s rules.',
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
    sections: {
      newGroups: 'New groups',
      reopened: 'Recurring (reopened)',
      resolved: 'Resolved',
      timeToResolve: 'Mean time to resolve',
    },
    keys: { timeToResolve: { average: 'On average' } },
  },
  chat: {
    title: 'Chat',
    description: 'Messages and active users (those who posted) per period, and the busiest channels.',
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
