import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorIcon from '@mui/icons-material/Error';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import NotificationsIcon from '@mui/icons-material/Notifications';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PublicIcon from '@mui/icons-material/Public';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShieldIcon from '@mui/icons-material/Shield';
import SmsIcon from '@mui/icons-material/Sms';
import StorageIcon from '@mui/icons-material/Storage';
import TranslateIcon from '@mui/icons-material/Translate';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Translations } from '../i18n/locales/uk-UA';

/**
 * The drawer's menu as data (spec §2): the drawer and the dashboard read it; module pages use its labels
 * as their titles.
 */

type SvgIconComponent = typeof SvgIcon;

export const SECTION_IDS = ['users', 'storage', 'chat', 'notifications'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export type MenuLabelKey =
  | 'menu.dashboard'
  | 'menu.reports'
  | 'menu.profile'
  | `menu.items.${keyof Translations['menu']['items'] & string}`;

export interface MenuItem {
  /** Absolute path; also the prefix that marks the item as selected. */
  route: string;
  labelKey: MenuLabelKey;
  icon: SvgIconComponent;
  /**
   * The resources (`auth.users`) behind the page: the item shows when the administrator may list any
   * of them, and the page's buttons follow the first one's grants. Absent for pages every admin has.
   * Written out rather than taken from the contract's descriptors with `permissionResourceOf`: the
   * shell is on every signed-in route, and the descriptors of every module cost it about 12 KB
   * (docs/performance.md); `menu.test.ts` checks they match.
   */
  resources?: readonly string[];
}

export interface MenuSection {
  id: SectionId;
  labelKey: `menu.sections.${SectionId}`;
  icon: SvgIconComponent;
  items: readonly MenuItem[];
}

export const TOP_MENU_ITEMS: readonly MenuItem[] = [
  { route: '/dashboard', labelKey: 'menu.dashboard', icon: DashboardIcon },
  // Each report needs `list` on its resource; the item shows when any of them may be listed.
  {
    route: '/reports',
    labelKey: 'menu.reports',
    icon: AssessmentIcon,
    resources: ['auth.users', 'notification.email-queue', 'auth.audit'],
  },
  { route: '/profile', labelKey: 'menu.profile', icon: PersonIcon },
];

export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    id: 'users',
    labelKey: 'menu.sections.users',
    icon: PeopleIcon,
    items: [
      {
        route: '/auth/users',
        labelKey: 'menu.items.authUsers',
        icon: GroupIcon,
        resources: ['auth.users'],
      },
      {
        route: '/auth/admins',
        labelKey: 'menu.items.authAdmins',
        icon: AdminPanelSettingsIcon,
        resources: ['auth.admins'],
      },
      {
        route: '/auth/groups',
        labelKey: 'menu.items.authGroups',
        icon: ShieldIcon,
        resources: ['auth.groups'],
      },
      {
        route: '/auth/settings',
        labelKey: 'menu.items.authSettings',
        icon: SettingsIcon,
        resources: ['auth.settings'],
      },
      {
        route: '/auth/countries',
        labelKey: 'menu.items.authCountries',
        icon: PublicIcon,
        resources: ['auth.countries'],
      },
      {
        route: '/auth/cities',
        labelKey: 'menu.items.authCities',
        icon: LocationCityIcon,
        resources: ['auth.cities'],
      },
      {
        route: '/auth/audit',
        labelKey: 'menu.items.authAudit',
        icon: HistoryIcon,
        resources: ['auth.audit'],
      },
    ],
  },
  {
    id: 'storage',
    labelKey: 'menu.sections.storage',
    icon: StorageIcon,
    items: [
      {
        route: '/storage/buckets',
        labelKey: 'menu.items.storageBuckets',
        icon: Inventory2Icon,
        resources: ['storage.buckets'],
      },
      {
        route: '/storage/files',
        labelKey: 'menu.items.storageFiles',
        icon: InsertDriveFileIcon,
        resources: ['storage.files'],
      },
      {
        route: '/storage/logs',
        labelKey: 'menu.items.storageLogs',
        icon: ReceiptLongIcon,
        resources: ['storage.logs'],
      },
      {
        route: '/storage/errors',
        labelKey: 'menu.items.storageErrors',
        icon: ErrorIcon,
        resources: ['storage.error-groups', 'storage.errors'],
      },
    ],
  },
  {
    id: 'chat',
    labelKey: 'menu.sections.chat',
    icon: ChatIcon,
    items: [
      {
        route: '/chat/users',
        labelKey: 'menu.items.chatUsers',
        icon: GroupIcon,
        resources: ['chat.channel-users'],
      },
      {
        route: '/chat/channels',
        labelKey: 'menu.items.chatChannels',
        icon: ForumIcon,
        resources: ['chat.channels'],
      },
    ],
  },
  {
    id: 'notifications',
    labelKey: 'menu.sections.notifications',
    icon: NotificationsIcon,
    items: [
      {
        route: '/notifications/email-queue',
        labelKey: 'menu.items.emailQueue',
        icon: OutboxIcon,
        resources: ['notification.email-queue'],
      },
      {
        route: '/notification/templates',
        labelKey: 'menu.items.templates',
        icon: ArticleIcon,
        resources: ['notification.templates'],
      },
      {
        route: '/notification/translations',
        labelKey: 'menu.items.translations',
        icon: TranslateIcon,
        resources: ['notification.translations'],
      },
      {
        route: '/notification/push-configs',
        labelKey: 'menu.items.pushConfigs',
        icon: PhoneAndroidIcon,
        resources: ['notification.push-configs'],
      },
      {
        route: '/notification/sms-configs',
        labelKey: 'menu.items.smsConfigs',
        icon: SmsIcon,
        resources: ['notification.sms-configs'],
      },
      {
        route: '/notification/smtp-configs',
        labelKey: 'menu.items.smtpConfigs',
        icon: DnsIcon,
        resources: ['notification.smtp-configs'],
      },
    ],
  },
];

/**
 * Spec §2: an item is highlighted when the current path starts with its route. The match stops at a
 * path-segment boundary so `/auth/users` does not light up for a hypothetical `/auth/users-archive`.
 */
export function isRouteActive(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

export function isSectionActive(pathname: string, section: MenuSection): boolean {
  return section.items.some((item) => isRouteActive(pathname, item.route));
}

export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);
}
