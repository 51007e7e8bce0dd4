import {
  type MessageKey,
  PUSH_CONFIG_SECRET_KEYS,
  type PushConfig,
  type PushConfigWrite,
  pushConfigsResource,
  type ResourceDescriptor,
  SMS_CONFIG_SECRET_KEYS,
  SMTP_CONFIG_SECRET_KEYS,
  type SmsConfig,
  type SmsConfigWrite,
  type SmtpConfig,
  type SmtpConfigWrite,
  smsConfigsResource,
  smtpConfigsResource,
} from '@pult/contract';
import type { PushConfigRow, SmsConfigRow, SmtpConfigRow } from '../tables.js';

/** A stored row as the handlers read it: the kind's columns plus the number of templates naming it. */
export type WithUsage<Row> = Row & { template_count: number };

/**
 * What differs between the three kinds of delivery configuration. Everything else (secrets, the
 * single default, the delete rule, the list) is one implementation in `config-handlers.ts`.
 */
export interface ConfigKind<Row, Item, Write> {
  kind: 'smtp' | 'sms' | 'push';
  table: 'smtp_configs' | 'sms_configs' | 'push_configs';
  /** The template column that names a configuration of this kind. */
  templateColumn: 'email_config_id' | 'sms_config_id' | 'push_config_id';
  descriptor: ResourceDescriptor;
  notFound: MessageKey;
  /** Write-only body fields and the sealed column each is stored in. */
  secrets: Readonly<Record<string, string>>;
  /** The columns written as given (no secrets, no config_json). */
  plainColumns(body: Write): Record<string, unknown>;
  /** The provider's keys of config_json that are secrets. */
  configSecretKeys(body: Write | Row): readonly string[];
  toItem(row: WithUsage<Row>): Item;
  /** A stored row as a write body without its secrets (they are filled from the row when resolved). */
  toWrite(row: Row): Write;
  listColumns: Record<string, 'text' | 'integer' | 'timestamp' | 'boolean'>;
}

const common = {
  id: 'integer',
  name: 'text',
  is_active: 'boolean',
  is_default: 'boolean',
  created_at: 'timestamp',
  updated_at: 'timestamp',
} as const;

const stamps = (row: { created_at: Date; updated_at: Date }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const smtpKind: ConfigKind<SmtpConfigRow, SmtpConfig, SmtpConfigWrite> = {
  kind: 'smtp',
  table: 'smtp_configs',
  templateColumn: 'email_config_id',
  descriptor: smtpConfigsResource,
  notFound: 'smtpConfigNotFound',
  secrets: { password: 'password_encrypted' },
  plainColumns: (body) => ({
    name: body.name,
    host: body.host,
    port: body.port,
    username: body.username ?? null,
    encryption: body.encryption,
    from_address: body.from_address,
    from_name: body.from_name ?? null,
    is_active: body.is_active,
    is_default: body.is_default,
  }),
  configSecretKeys: () => SMTP_CONFIG_SECRET_KEYS,
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    username: row.username,
    password_set: row.password_encrypted !== null,
    encryption: row.encryption,
    from_address: row.from_address,
    from_name: row.from_name,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
    config_secrets: row.config_secret_keys,
    template_count: row.template_count,
    ...stamps(row),
  }),
  toWrite: (row) => ({
    name: row.name,
    host: row.host,
    port: row.port,
    username: row.username,
    encryption: row.encryption,
    from_address: row.from_address,
    from_name: row.from_name,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
  }),
  listColumns: { ...common, host: 'text', port: 'integer', encryption: 'text', from_address: 'text' },
};

export const smsKind: ConfigKind<SmsConfigRow, SmsConfig, SmsConfigWrite> = {
  kind: 'sms',
  table: 'sms_configs',
  templateColumn: 'sms_config_id',
  descriptor: smsConfigsResource,
  notFound: 'smsConfigNotFound',
  secrets: { api_secret: 'api_secret_encrypted' },
  plainColumns: (body) => ({
    name: body.name,
    provider: body.provider,
    api_key: body.api_key ?? null,
    from_number: body.from_number ?? null,
    is_active: body.is_active,
    is_default: body.is_default,
  }),
  configSecretKeys: (body) => SMS_CONFIG_SECRET_KEYS[body.provider] ?? [],
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    provider: row.provider,
    api_key: row.api_key,
    api_secret_set: row.api_secret_encrypted !== null,
    from_number: row.from_number,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
    config_secrets: row.config_secret_keys,
    template_count: row.template_count,
    ...stamps(row),
  }),
  toWrite: (row) => ({
    name: row.name,
    provider: row.provider,
    api_key: row.api_key,
    from_number: row.from_number,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
  }),
  listColumns: { ...common, provider: 'text', from_number: 'text' },
};

export const pushKind: ConfigKind<PushConfigRow, PushConfig, PushConfigWrite> = {
  kind: 'push',
  table: 'push_configs',
  templateColumn: 'push_config_id',
  descriptor: pushConfigsResource,
  notFound: 'pushConfigNotFound',
  secrets: { server_key: 'server_key_encrypted' },
  plainColumns: (body) => ({
    name: body.name,
    provider: body.provider,
    app_id: body.app_id ?? null,
    is_active: body.is_active,
    is_default: body.is_default,
  }),
  configSecretKeys: (body) => PUSH_CONFIG_SECRET_KEYS[body.provider] ?? [],
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    provider: row.provider,
    server_key_set: row.server_key_encrypted !== null,
    app_id: row.app_id,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
    config_secrets: row.config_secret_keys,
    template_count: row.template_count,
    ...stamps(row),
  }),
  toWrite: (row) => ({
    name: row.name,
    provider: row.provider,
    app_id: row.app_id,
    is_active: row.is_active,
    is_default: row.is_default,
    config_json: row.config_json,
  }),
  listColumns: { ...common, provider: 'text', app_id: 'text' },
};
