import type { PermissionCatalogue } from '@pult/contract';

/** A small catalogue in the server's shape, for the editor's tests. */
export const CATALOGUE: PermissionCatalogue = {
  resources: [
    {
      name: 'auth.users',
      service: 'auth',
      actions: [
        { name: 'list', fields: 'read', scoped: true },
        { name: 'read', fields: 'read', scoped: true },
        { name: 'update', fields: 'write', scoped: true },
        { name: 'delete', fields: null, scoped: true },
        { name: 'bulk.setStatus', fields: null, scoped: true },
        { name: 'export', fields: 'read', scoped: false },
      ],
      fields: [
        { name: 'id', label: 'common.fields.id', kind: 'integer', read: true, write: false, condition: true },
        {
          name: 'email',
          label: 'people.fields.email',
          kind: 'text',
          read: true,
          write: true,
          condition: true,
        },
        {
          name: 'status',
          label: 'people.fields.status',
          kind: 'integer',
          read: true,
          write: true,
          condition: true,
        },
        { name: 'password', label: 'password', kind: 'text', read: false, write: true, condition: false },
      ],
    },
    {
      name: 'auth.settings',
      service: 'auth',
      actions: [
        { name: 'list', fields: 'read', scoped: true },
        { name: 'settings.regenerate-api-keys', fields: null, scoped: false },
      ],
      fields: [
        { name: 'key', label: 'settings.fields.key', kind: 'text', read: true, write: true, condition: true },
      ],
    },
    {
      name: 'storage.buckets',
      service: 'storage',
      actions: [{ name: 'list', fields: 'read', scoped: true }],
      fields: [],
    },
  ],
};
