import { type FieldErrors, isMessageKey } from '@pult/contract';
import type { z } from 'zod';
import type { ViewText } from '../../../forms/view-text';

/** The group's own inputs. */
export type GroupField = 'name' | 'description';

/** One problem with one grant: where in the grant (`fields`, `where.status.in`), and what. */
export interface GrantProblem {
  path: string;
  text: ViewText;
}

/**
 * A refused save, laid out for the editor: texts under the name and description, texts beside the
 * grant they concern (by its position in the list sent), and texts that concern the whole group.
 */
export interface GroupErrors {
  fields: Partial<Record<GroupField, ViewText>>;
  grants: ReadonlyMap<number, readonly GrantProblem[]>;
  general: readonly ViewText[];
}

export const NO_ERRORS: GroupErrors = { fields: {}, grants: new Map(), general: [] };

const GRANT_KEY = /^grants\.(\d+)(?:\.(.+))?$/;

/** Lays out texts keyed like the server's 422 (`name`, `grants.3.fields`, `grants`). */
export function groupErrorsOf(entries: Iterable<readonly [string, ViewText]>): GroupErrors {
  const fields: Partial<Record<GroupField, ViewText>> = {};
  const grants = new Map<number, GrantProblem[]>();
  const general: ViewText[] = [];
  for (const [key, text] of entries) {
    const grant = GRANT_KEY.exec(key);
    if (grant) {
      const index = Number(grant[1]);
      grants.set(index, [...(grants.get(index) ?? []), { path: grant[2] ?? '', text }]);
    } else if ((key === 'name' || key === 'description') && fields[key] === undefined) {
      fields[key] = text;
    } else {
      general.push(text);
    }
  }
  return { fields, grants, general };
}

/** A server's per-field 422: its texts are already in the panel's language. */
export function groupErrorsOfServer(errors: FieldErrors): GroupErrors {
  return groupErrorsOf(
    Object.entries(errors).flatMap(([key, texts]) => texts.map((text) => [key, { raw: text }] as const)),
  );
}

/** The contract's own check before sending: its messages are keys of `errors.*`. */
export function groupErrorsOfIssues(issues: readonly z.core.$ZodIssue[]): GroupErrors {
  return groupErrorsOf(
    issues.map((issue) => {
      const text: ViewText = isMessageKey(issue.message)
        ? { key: `errors.${issue.message}` }
        : { key: 'common.unknownError' };
      return [issue.path.join('.'), text] as const;
    }),
  );
}

/** Whether anything is to be shown. */
export function hasErrors(errors: GroupErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.grants.size > 0 || errors.general.length > 0;
}
