import {
  type ConfigTestResult,
  type FormDescriptor,
  pushConfigForm,
  pushConfigsResource,
  type ResourceDescriptor,
  smsConfigForm,
  smsConfigsResource,
  smtpConfigForm,
  smtpConfigsResource,
} from '@pult/contract';
import type { Services } from '../../../app/services';
import type { MenuLabelKey } from '../../../shell/menu';

export type ConfigKindName = 'smtp' | 'sms' | 'push';

/** What differs between the three configuration screens. */
export interface ConfigScreen {
  kind: ConfigKindName;
  path: string;
  titleKey: MenuLabelKey;
  resource: ResourceDescriptor;
  form: FormDescriptor;
  /** Values of a new configuration. */
  initialValues: Record<string, unknown>;
  /** The label of the "send test to" input. */
  toLabel: 'toEmail' | 'toPhone' | 'toDevice';
}

export const CONFIG_SCREENS: Record<ConfigKindName, ConfigScreen> = {
  smtp: {
    kind: 'smtp',
    path: '/notification/smtp-configs',
    titleKey: 'menu.items.smtpConfigs',
    resource: smtpConfigsResource,
    form: smtpConfigForm,
    initialValues: { port: 587, encryption: 'tls', is_active: true, is_default: false, config_json: '{}' },
    toLabel: 'toEmail',
  },
  sms: {
    kind: 'sms',
    path: '/notification/sms-configs',
    titleKey: 'menu.items.smsConfigs',
    resource: smsConfigsResource,
    form: smsConfigForm,
    initialValues: { provider: 'twilio', is_active: true, is_default: false, config_json: '{}' },
    toLabel: 'toPhone',
  },
  push: {
    kind: 'push',
    path: '/notification/push-configs',
    titleKey: 'menu.items.pushConfigs',
    resource: pushConfigsResource,
    form: pushConfigForm,
    initialValues: { provider: 'fcm', is_active: true, is_default: false, config_json: '{}' },
    toLabel: 'toDevice',
  },
};

/** "Test connection" of the form's values; `id` lets the server fill secrets left empty. */
export function checkConfig(
  services: Services,
  screen: ConfigScreen,
  body: { id: number | null; config: unknown },
): Promise<ConfigTestResult> {
  return services.http.post(services.serviceUrl('notification', `${screen.resource.path}/check`), body);
}

export function sendConfigTest(
  services: Services,
  screen: ConfigScreen,
  body: { id: number | null; config: unknown; to: string },
): Promise<ConfigTestResult> {
  return services.http.post(services.serviceUrl('notification', `${screen.resource.path}/send-test`), body);
}
