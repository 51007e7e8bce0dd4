import { type PermissionCatalogue, RECORD_ACTIONS, SERVICE_NAMES, type ServiceName } from '@pult/contract';
import { type Effect, type GrantDraft, newDraftId } from './grant-draft';

/** Every action of a resource (`*` in an action column). */
export const ALL = '*';

/** The matrix's columns: the record actions, then "every action". */
export const MATRIX_COLUMNS: readonly string[] = [...RECORD_ACTIONS, ALL];

/** One row of the matrix: a resource, a service's every resource (`auth.*`) or everything (`*`). */
export interface MatrixRow {
  resource: string;
  /** Null for `*`; the service a row's resource belongs to otherwise. */
  service: ServiceName | null;
  wildcard: boolean;
  /** Which of MATRIX_COLUMNS the resource has (a wildcard row has them all). */
  columns: ReadonlySet<string>;
  /** Named module actions (`bulk.setStatus`, `settings.regenerate-api-keys`), shown as chips. */
  moduleActions: readonly string[];
}

/** The rows of one service (or, for `service: null`, the single `*` row). */
export interface MatrixSection {
  service: ServiceName | null;
  rows: MatrixRow[];
}

const RECORD_ACTION_NAMES: ReadonlySet<string> = new Set(RECORD_ACTIONS);

/** The catalogue laid out as the matrix: `*` first, then each service with its `service.*` row. */
export function matrixSections(catalogue: PermissionCatalogue): MatrixSection[] {
  const everything: MatrixRow = {
    resource: ALL,
    service: null,
    wildcard: true,
    columns: new Set(MATRIX_COLUMNS),
    moduleActions: [],
  };
  const sections: MatrixSection[] = [{ service: null, rows: [everything] }];
  for (const service of SERVICE_NAMES) {
    const resources = catalogue.resources.filter((resource) => resource.service === service);
    if (resources.length === 0) continue;
    const rows: MatrixRow[] = [
      {
        resource: `${service}.${ALL}`,
        service,
        wildcard: true,
        columns: new Set(MATRIX_COLUMNS),
        moduleActions: [],
      },
    ];
    for (const resource of resources) {
      const names = resource.actions.map((action) => action.name);
      rows.push({
        resource: resource.name,
        service,
        wildcard: false,
        columns: new Set([...names.filter((name) => RECORD_ACTION_NAMES.has(name)), ALL]),
        moduleActions: names.filter((name) => !RECORD_ACTION_NAMES.has(name)),
      });
    }
    sections.push({ service, rows });
  }
  return sections;
}

/** What the grants say about one cell: nothing, allow, deny, or grants of both effects. */
export type CellState = 'none' | Effect | 'mixed';

function inCell(draft: GrantDraft, resource: string, action: string): boolean {
  return draft.resource === resource && draft.action === action;
}

export function cellState(drafts: readonly GrantDraft[], resource: string, action: string): CellState {
  const effects = new Set(
    drafts.filter((draft) => inCell(draft, resource, action)).map((draft) => draft.effect),
  );
  if (effects.size === 0) return 'none';
  if (effects.size > 1) return 'mixed';
  return effects.has('deny') ? 'deny' : 'allow';
}

/** The drafts of one cell (a cell may hold several grants: e.g. two conditions). */
export function cellDrafts(drafts: readonly GrantDraft[], resource: string, action: string): GrantDraft[] {
  return drafts.filter((draft) => inCell(draft, resource, action));
}

/** Where a click takes a cell: none → allow → deny → none (grants of both effects are cleared). */
export function nextCellState(state: CellState): 'none' | Effect {
  if (state === 'none') return 'allow';
  if (state === 'allow') return 'deny';
  return 'none';
}

/**
 * Sets a cell. An allow turning into a deny keeps its fields and condition (a deny of some fields
 * is how a group hides them); "none" removes the cell's grants; a new grant goes to the end, so the
 * positions of the others (and of their error messages) do not move.
 */
export function setCell(
  drafts: readonly GrantDraft[],
  resource: string,
  action: string,
  target: 'none' | Effect,
): GrantDraft[] {
  if (target === 'none') return drafts.filter((draft) => !inCell(draft, resource, action));
  if (!drafts.some((draft) => inCell(draft, resource, action))) {
    return [...drafts, { id: newDraftId(), resource, action, effect: target, fields: null, conditions: [] }];
  }
  return drafts.map((draft) => (inCell(draft, resource, action) ? { ...draft, effect: target } : draft));
}

export function cycleCell(drafts: readonly GrantDraft[], resource: string, action: string): GrantDraft[] {
  return setCell(drafts, resource, action, nextCellState(cellState(drafts, resource, action)));
}

/** Whether the matrix has a cell or chip for this grant (others are edited in the list only). */
export function inMatrix(sections: readonly MatrixSection[], draft: GrantDraft): boolean {
  const row = sections.flatMap((section) => section.rows).find((item) => item.resource === draft.resource);
  return row !== undefined && (row.columns.has(draft.action) || row.moduleActions.includes(draft.action));
}
