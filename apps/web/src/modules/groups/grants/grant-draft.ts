import type {
  CatalogueAction,
  CatalogueField,
  GrantInput,
  KindOf,
  PermissionCatalogue,
} from '@pult/contract';
import { type ConditionRow, rowsOfWhere, type StoredWhere, whereOfRows } from './grant-condition';

export type Effect = 'allow' | 'deny';

/** A grant as the server answers it (`grantViewSchema`). */
export interface StoredGrant {
  resource: string;
  action: string;
  effect: Effect;
  fields?: string[];
  where?: StoredWhere;
}

/**
 * One grant while it is edited. `fields` is null for "all fields"; the condition is kept as rows of
 * text. `id` only keeps React's rows apart: it is never sent.
 */
export interface GrantDraft {
  id: number;
  resource: string;
  action: string;
  effect: Effect;
  fields: string[] | null;
  conditions: ConditionRow[];
}

let nextDraftId = 1;

/** A fresh id for a new draft (unique in this page's lifetime). */
export function newDraftId(): number {
  nextDraftId += 1;
  return nextDraftId;
}

export function draftOfGrant(grant: StoredGrant): GrantDraft {
  return {
    id: newDraftId(),
    resource: grant.resource,
    action: grant.action,
    effect: grant.effect,
    fields: grant.fields ? [...grant.fields] : null,
    conditions: rowsOfWhere(grant.where),
  };
}

export function draftsOfGrants(grants: readonly StoredGrant[]): GrantDraft[] {
  return grants.map(draftOfGrant);
}

/** How the values of a resource's fields compare, from the catalogue (undefined: unknown field). */
export function kindOfResource(catalogue: PermissionCatalogue | undefined, resource: string): KindOf {
  const fields = catalogue?.resources.find((item) => item.name === resource)?.fields ?? [];
  return (field) => fields.find((item) => item.name === field)?.kind;
}

/** A draft as the contract's grant, in the order the drafts are in (the server's error keys count it). */
export function grantOfDraft(draft: GrantDraft, kindOf: KindOf): GrantInput {
  const where = whereOfRows(draft.conditions, kindOf);
  return {
    resource: draft.resource,
    action: draft.action,
    effect: draft.effect,
    ...(draft.fields === null ? {} : { fields: [...draft.fields] }),
    ...(where === undefined ? {} : { where }),
  };
}

export function grantsOfDrafts(
  drafts: readonly GrantDraft[],
  catalogue: PermissionCatalogue | undefined,
): GrantInput[] {
  return drafts.map((draft) => grantOfDraft(draft, kindOfResource(catalogue, draft.resource)));
}

/** The catalogue's entry of a concrete resource's action (undefined for wildcards and unknown names). */
export function catalogueActionOf(
  catalogue: PermissionCatalogue | undefined,
  resource: string,
  action: string,
): CatalogueAction | undefined {
  return catalogue?.resources
    .find((item) => item.name === resource)
    ?.actions.find((item) => item.name === action);
}

/**
 * The fields a grant of this action may name: those it reads (list, read, export) or those it writes
 * (create, update). Empty when the action takes no field list.
 */
export function grantableFields(
  catalogue: PermissionCatalogue | undefined,
  resource: string,
  action: string,
): CatalogueField[] {
  const side = catalogueActionOf(catalogue, resource, action)?.fields;
  if (!side) return [];
  const fields = catalogue?.resources.find((item) => item.name === resource)?.fields ?? [];
  return fields.filter((field) => field[side]);
}

/** The fields a condition of this grant may compare; empty when the action takes no condition. */
export function conditionFields(
  catalogue: PermissionCatalogue | undefined,
  resource: string,
  action: string,
): CatalogueField[] {
  if (!catalogueActionOf(catalogue, resource, action)?.scoped) return [];
  const fields = catalogue?.resources.find((item) => item.name === resource)?.fields ?? [];
  return fields.filter((field) => field.condition);
}

/** Whether a draft limits what it grants (some fields, or some records). */
export function isLimited(draft: GrantDraft): boolean {
  return draft.fields !== null || draft.conditions.length > 0;
}

/** One draft changed by `change`, the others as they were. */
export function updateDraft(
  drafts: readonly GrantDraft[],
  id: number,
  change: (draft: GrantDraft) => GrantDraft,
): GrantDraft[] {
  return drafts.map((draft) => (draft.id === id ? change(draft) : draft));
}

/** Turns the field limit on (starting from every grantable field, so nothing is lost at once) or off. */
export function limitFields(
  draft: GrantDraft,
  on: boolean,
  grantable: readonly CatalogueField[],
): GrantDraft {
  return { ...draft, fields: on ? grantable.map((field) => field.name) : null };
}

/** Adds or removes one field of a draft's field limit, keeping the catalogue's order. */
export function toggleField(
  draft: GrantDraft,
  field: string,
  grantable: readonly CatalogueField[],
): GrantDraft {
  const chosen = new Set(draft.fields ?? []);
  if (chosen.has(field)) chosen.delete(field);
  else chosen.add(field);
  const known = grantable.map((item) => item.name).filter((name) => chosen.has(name));
  // Names the catalogue no longer lists are kept where they were, for the server to judge.
  const unknown = [...chosen].filter((name) => !grantable.some((item) => item.name === name));
  return { ...draft, fields: [...known, ...unknown] };
}
