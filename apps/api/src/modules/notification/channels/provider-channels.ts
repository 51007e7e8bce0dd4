import type { Db } from '../../../db/database.js';
import type { ConfigStore } from '../configs/config-store.js';
import type { DeliveryChannel } from '../mail-transport.js';
import type { EmailQueueRow } from '../tables.js';
import { type ClosableAdapter, pushAdapterFor, smsAdapterFor } from './adapters.js';
import { configurationError } from './provider-error.js';

interface CachedAdapter {
  version: number;
  /** A promise, so rows sent at once through a new configuration share one adapter. */
  adapter: Promise<ClosableAdapter>;
}

/**
 * The SMS and push channels of the queue: a row goes through its template's configuration if that is
 * active, else the default active one of its kind. Adapters are kept per configuration (an FCM access
 * token, an APNs HTTP/2 session outlive one message) until the configuration changes.
 */
export function createProviderChannels(deps: { db: Db; configs: ConfigStore }) {
  const cache = new Map<string, CachedAdapter>();

  /** The configuration's adapter, made once per version of it; concurrent rows share the promise. */
  function cached(
    key: string,
    version: number,
    make: () => Promise<ClosableAdapter>,
  ): Promise<ClosableAdapter> {
    const entry = cache.get(key);
    if (entry?.version === version) return entry.adapter;
    if (entry)
      void entry.adapter.then(
        (old) => old.close?.(),
        () => undefined,
      );
    const adapter = make();
    cache.set(key, { version, adapter });
    // A configuration that cannot make an adapter (a secret that will not open) is tried afresh next time.
    adapter.catch(() => cache.delete(key));
    return adapter;
  }

  async function adapterFor(
    row: EmailQueueRow,
  ): Promise<{ id: number; name: string; adapter: ClosableAdapter }> {
    if (row.channel === 'sms') {
      const config = await deps.configs.sms.pick(row.config_id);
      // An administrator may add one: worth trying again later.
      if (!config) throw configurationError('No active SMS configuration', true);
      const make = async () => smsAdapterFor(await deps.configs.sms.resolveStored(config));
      return {
        id: config.id,
        name: config.name,
        adapter: await cached(`sms:${config.id}`, config.updated_at.getTime(), make),
      };
    }
    const config = await deps.configs.push.pick(row.config_id);
    if (!config) throw configurationError('No active push configuration', true);
    const make = async () => pushAdapterFor(await deps.configs.push.resolveStored(config));
    return {
      id: config.id,
      name: config.name,
      adapter: await cached(`push:${config.id}`, config.updated_at.getTime(), make),
    };
  }

  return {
    async resolve(row: EmailQueueRow): Promise<DeliveryChannel> {
      const { id, name, adapter } = await adapterFor(row);
      return {
        describe: `${row.channel}-config:${name} (${adapter.describe})`,
        config: `${row.channel}:${id}`,
        async send(message) {
          await adapter.send(message.email_to, {
            title: message.subject || null,
            body: message.body_text ?? '',
          });
        },
      };
    },
    /** The provider said the token is gone: the device is forgotten, so nothing is sent to it again. */
    async forgetDevice(token: string): Promise<void> {
      await deps.db.deleteFrom('notification_devices').where('token', '=', token).execute();
    },
    close(): void {
      for (const { adapter } of cache.values())
        void adapter.then(
          (open) => open.close?.(),
          () => undefined,
        );
      cache.clear();
    },
  };
}

export type ProviderChannels = ReturnType<typeof createProviderChannels>;
