import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.test-support';
import {
  conditionFields,
  draftsOfGrants,
  grantableFields,
  grantsOfDrafts,
  limitFields,
  type StoredGrant,
  toggleField,
} from './grant-draft';

const STORED: StoredGrant[] = [
  { resource: 'auth.users', action: 'list', effect: 'allow' },
  {
    resource: 'auth.users',
    action: 'update',
    effect: 'allow',
    fields: ['status'],
    where: { status: { in: [0, 1, 2] } },
  },
  {
    resource: 'notification.email-queue',
    action: 'read',
    effect: 'deny',
    fields: ['body_text', 'body_html'],
  },
  { resource: '*', action: 'export', effect: 'allow' },
  { resource: 'auth.admins', action: 'read', effect: 'allow', where: { id: { eq: '$actor.id' } } },
];

describe('grant drafts', () => {
  it('round-trips stored grants, in their order', () => {
    expect(grantsOfDrafts(draftsOfGrants(STORED), CATALOGUE)).toEqual(STORED);
  });

  it('gives each draft its own id', () => {
    const ids = draftsOfGrants(STORED).map((draft) => draft.id);
    expect(new Set(ids).size).toBe(STORED.length);
  });

  it('offers read fields to reading actions and write fields to writing ones', () => {
    const names = (action: string) =>
      grantableFields(CATALOGUE, 'auth.users', action).map((field) => field.name);
    expect(names('list')).toEqual(['id', 'email', 'status']);
    expect(names('update')).toEqual(['email', 'status', 'password']);
    expect(names('delete')).toEqual([]);
    expect(names('bulk.setStatus')).toEqual([]);
    expect(grantableFields(CATALOGUE, 'auth.*', 'list')).toEqual([]);
  });

  it('offers conditions only to scoped actions, on fields a condition may compare', () => {
    const names = (action: string) =>
      conditionFields(CATALOGUE, 'auth.users', action).map((field) => field.name);
    expect(names('update')).toEqual(['id', 'email', 'status']);
    expect(names('export')).toEqual([]);
    expect(conditionFields(CATALOGUE, '*', 'list')).toEqual([]);
  });

  it('limits fields starting from all of them, and keeps the catalogue order when toggling', () => {
    const [draft] = draftsOfGrants([{ resource: 'auth.users', action: 'list', effect: 'allow' }]);
    if (!draft) throw new Error('no draft');
    const grantable = grantableFields(CATALOGUE, 'auth.users', 'list');
    const limited = limitFields(draft, true, grantable);
    expect(limited.fields).toEqual(['id', 'email', 'status']);
    const fewer = toggleField(limited, 'email', grantable);
    expect(fewer.fields).toEqual(['id', 'status']);
    expect(toggleField(fewer, 'email', grantable).fields).toEqual(['id', 'email', 'status']);
    expect(limitFields(fewer, false, grantable).fields).toBeNull();
  });

  it('keeps a field the catalogue does not list, for the server to judge', () => {
    const [draft] = draftsOfGrants([
      { resource: 'auth.users', action: 'list', effect: 'allow', fields: ['gone'] },
    ]);
    if (!draft) throw new Error('no draft');
    expect(toggleField(draft, 'id', grantableFields(CATALOGUE, 'auth.users', 'list')).fields).toEqual([
      'id',
      'gone',
    ]);
  });
});
