import type { CatalogueField, ServiceName } from '@pult/contract';
import { useCallback, useMemo } from 'react';
import type { TextKey } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';
import { ALL } from './grants/grant-matrix';

/**
 * Readable names of the catalogue's resources, actions and fields. A resource the drawer lists takes
 * the drawer's name; the others have their own text here. A name without a text (a module action
 * added later) is shown as the server names it, never as a missing key.
 */
const RESOURCE_LABELS: Readonly<Record<string, TextKey>> = {
  'auth.users': 'menu.items.authUsers',
  'auth.admins': 'menu.items.authAdmins',
  'auth.groups': 'groups.title',
  'auth.settings': 'menu.items.authSettings',
  'auth.countries': 'menu.items.authCountries',
  'auth.cities': 'menu.items.authCities',
  'auth.audit': 'menu.items.authAudit',
  'auth.saved-reports': 'reports.saved.title',
  'storage.buckets': 'menu.items.storageBuckets',
  'storage.files': 'menu.items.storageFiles',
  'storage.logs': 'menu.items.storageLogs',
  'storage.errors': 'menu.items.storageErrors',
  'storage.error-groups': 'groups.resources.storageErrorGroups',
  'storage.settings': 'groups.resources.storageSettings',
  'chat.channel-users': 'menu.items.chatUsers',
  'chat.channels': 'menu.items.chatChannels',
  'chat.messages': 'groups.resources.chatMessages',
  'notification.email-queue': 'menu.items.emailQueue',
  'notification.templates': 'menu.items.templates',
  'notification.translations': 'menu.items.translations',
  'notification.push-configs': 'menu.items.pushConfigs',
  'notification.sms-configs': 'menu.items.smsConfigs',
  'notification.smtp-configs': 'menu.items.smtpConfigs',
};

/** The drawer's section of each service. */
export const SERVICE_LABELS: Readonly<Record<ServiceName, TextKey>> = {
  auth: 'menu.sections.users',
  storage: 'menu.sections.storage',
  chat: 'menu.sections.chat',
  notification: 'menu.sections.notifications',
};

/** Loose signature: the keys below are built from the server's names and checked by `defaultValue`. */
type Translate = (key: string, options?: Record<string, string>) => string;

export interface CatalogueLabels {
  service: (service: ServiceName) => string;
  resource: (resource: string) => string;
  action: (action: string) => string;
  field: (field: Pick<CatalogueField, 'name' | 'label'>) => string;
}

export function useCatalogueLabels(): CatalogueLabels {
  const { t } = useTranslation();
  const translate = t as unknown as Translate;
  const service = useCallback((name: ServiceName) => translate(SERVICE_LABELS[name]), [translate]);
  const resource = useCallback(
    (name: string) => {
      if (name === ALL) return translate('groups.matrix.everything');
      const [prefix, rest] = name.split('.') as [string, string | undefined];
      if (rest === ALL && prefix in SERVICE_LABELS)
        return translate('groups.matrix.wholeService', { service: service(prefix as ServiceName) });
      const key = RESOURCE_LABELS[name];
      return key ? translate(key) : name;
    },
    [translate, service],
  );
  const action = useCallback(
    (name: string) => {
      if (name === ALL) return translate('groups.actions.all');
      if (name.endsWith(`.${ALL}`))
        return translate('groups.actions.allUnder', { prefix: name.slice(0, -ALL.length - 1) });
      return translate(`groups.actions.${name}`, { defaultValue: name });
    },
    [translate],
  );
  const field = useCallback(
    // Fields no list column shows (a password, a body) have no column label: they have one here.
    ({ name, label }: Pick<CatalogueField, 'name' | 'label'>) =>
      translate(label, { defaultValue: translate(`groups.fieldNames.${name}`, { defaultValue: name }) }),
    [translate],
  );
  return useMemo(() => ({ service, resource, action, field }), [service, resource, action, field]);
}
