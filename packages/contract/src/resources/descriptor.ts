import type { z } from 'zod';
import type { Locale } from '../locales.js';
import type { ServiceName } from '../runtime-config.js';
import type { BulkActionDescriptor } from './bulk.js';

/**
 * A resource descriptor says what a list shows and how it can be sorted and filtered. The server
 * builds its SQL from it and the panel builds its table from it, so the two cannot disagree.
 * Labels are i18n keys of the panel.
 */
export type FilterType = 'text' | 'number' | 'date' | 'select';

export interface SelectOption {
  /** Sent in the query string as `String(value)` and bound as `value` itself. */
  value: string | number | boolean;
  label: string;
}

/**
 * A lookup narrowed by another field of the same form or table: its options are fetched with that
 * field's value as the query parameter `param` (cities by `country_id`), and a change of that field
 * empties it, since the old choice need not be among the new options.
 */
export interface LookupDependency {
  field: string;
  param: string;
}

export type FilterDescriptor =
  | { type: 'text' }
  | { type: 'number' }
  | { type: 'date' }
  | { type: 'select'; options: readonly SelectOption[] }
  /** A select whose options are another resource's records (`GET <lookup path>`); values are ids. */
  | { type: 'select'; lookup: LookupName; dependsOn?: LookupDependency };

/** How a cell shows its value; `reference` shows another field of the item (a name for an id). */
export type DisplayDescriptor =
  | { kind: 'text' }
  | { kind: 'datetime' }
  | { kind: 'date' }
  | { kind: 'boolean' }
  | { kind: 'tags' }
  | { kind: 'json' }
  /** A size in bytes, shown as KB, MB, GB. */
  | { kind: 'bytes' }
  | { kind: 'option'; options: readonly SelectOption[] }
  | { kind: 'reference'; field: string };

export interface FieldDescriptor {
  name: string;
  label: string;
  sortable: boolean;
  filter?: FilterDescriptor;
  display: DisplayDescriptor;
  /** A write-only value (a password, an API key): never exported, whatever the list shows. */
  secret?: boolean;
}

export type LookupName =
  | 'countries'
  | 'cities'
  | 'storageBuckets'
  | 'logServices'
  | 'logEnvironments'
  | 'smtpConfigs'
  | 'smsConfigs'
  | 'pushConfigs'
  | 'adminGroups';

/** Where the options of a lookup select come from: `{ items: [{ value, label }] }`. */
export const LOOKUP_PATHS: Record<LookupName, { service: ServiceName; path: string }> = {
  countries: { service: 'auth', path: '/admin/countries/lookup' },
  cities: { service: 'auth', path: '/admin/cities/lookup' },
  storageBuckets: { service: 'storage', path: '/admin/buckets/lookup' },
  logServices: { service: 'storage', path: '/admin/log-services/lookup' },
  logEnvironments: { service: 'storage', path: '/admin/log-environments/lookup' },
  smtpConfigs: { service: 'notification', path: '/admin/smtp-configs/lookup' },
  smsConfigs: { service: 'notification', path: '/admin/sms-configs/lookup' },
  pushConfigs: { service: 'notification', path: '/admin/push-configs/lookup' },
  adminGroups: { service: 'auth', path: '/admin/groups/lookup' },
};

export interface ResourceDescriptor {
  /** Stable name, used for query keys and i18n (`resources.<name>.*`). */
  name: string;
  service: ServiceName;
  /** Path of the collection under the service base, e.g. `/admin/users`. */
  path: string;
  fields: readonly FieldDescriptor[];
  /** Applied when the request names no sort; always ends with a unique field so pages are stable. */
  defaultSort: string;
  /**
   * The default sort of a reader's language, where it differs by language: a list of names sorts by
   * the name the reader reads (countries by `name_uk` in Ukrainian). `defaultSort` for the others.
   */
  defaultSortIn?: Partial<Record<Locale, string>>;
  /**
   * Write-only fields (secrets): accepted in bodies, never in an item, a list or an export. Items say
   * only `<name>_set`. An exporter must leave these names (and anything ending `_encrypted`) out.
   */
  writeOnlyFields?: readonly string[];
  /** Actions on many selected rows (`POST <path>/bulk`); none when absent. */
  bulkActions?: readonly BulkActionDescriptor[];
  /**
   * The fields a record's card shows on a phone, where a row becomes a card (at most a few: a card is
   * read at a glance); the first few shown columns when absent.
   */
  cardFields?: readonly string[];
  /**
   * The fields that name one record in an import (`POST <path>/import`): a row whose key matches a
   * stored record updates it (or is skipped), any other creates one. No CSV import when absent.
   */
  importKey?: readonly string[];
  /**
   * An import's new records get no password and are invited by e-mail to set one (administrators):
   * the import wizard says so before and after the commit.
   */
  importInvites?: boolean;
}

/**
 * Input kinds of a form field; `lookup` is a select filled from a lookup path, `switch` a boolean,
 * `code` a long monospaced text (markup), `json` a JSON value edited as text.
 */
export type FormInput =
  | { kind: 'text' | 'email' | 'password' | 'textarea' | 'date' | 'integer' }
  /** Free words as chips; `suggestions` offers a lookup's labels (an administrator's groups). */
  | { kind: 'tags'; suggestions?: LookupName }
  | { kind: 'switch' | 'code' | 'json' }
  /** A write-only secret: shows "set"/"not set", empty keeps the stored value, "clear" sends null. */
  | { kind: 'secret'; multiline?: boolean }
  | { kind: 'select'; options: readonly SelectOption[] }
  | { kind: 'lookup'; lookup: LookupName; dependsOn?: LookupDependency };

export interface FormFieldDescriptor {
  name: string;
  label: string;
  input: FormInput;
  /** Shown only when creating (a password and its repeat). */
  createOnly?: boolean;
  required?: boolean;
  /** Write-only: never read back from the record (see `ResourceDescriptor.writeOnlyFields`). */
  secret?: boolean;
  /** An i18n key of a help text shown under the input. */
  hint?: string;
}

/** A descriptor of a create/edit form: fields in order, validated by the contract's schemas. */
export interface FormDescriptor<Create extends z.ZodType = z.ZodType, Update extends z.ZodType = z.ZodType> {
  fields: readonly FormFieldDescriptor[];
  createSchema: Create;
  updateSchema: Update;
}

export function findField(descriptor: ResourceDescriptor, name: string): FieldDescriptor | undefined {
  return descriptor.fields.find((field) => field.name === name);
}
