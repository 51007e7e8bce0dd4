import { fieldErrorsOf, isHttpError, serverMessage } from '../http/http-error';

export interface ListErrorView {
  /** Server texts per filtered field (`filter[email]` → `email`), joined by commas (spec §5). */
  filters: Record<string, string>;
  /** A server text that belongs to no filter (page, sort, or a general 422). */
  general: string | null;
}

const FILTER_PARAM = /^filter\[(.+)\]$/;

/**
 * What a failed list request says about the table's own parameters. A 422 names the parameter it
 * refuses, so a bad filter is shown under that filter and the rest of the table keeps working.
 */
export function listErrorView(error: unknown): ListErrorView {
  const view: ListErrorView = { filters: {}, general: null };
  if (!isHttpError(error) || error.status !== 422) return view;
  const fields = fieldErrorsOf(error);
  if (!fields) {
    view.general = serverMessage(error.body);
    return view;
  }
  const general: string[] = [];
  for (const [param, texts] of Object.entries(fields)) {
    const field = FILTER_PARAM.exec(param)?.[1];
    if (field === undefined) general.push(...texts);
    else view.filters[field] = texts.join(', ');
  }
  view.general = general.length > 0 ? general.join(', ') : null;
  return view;
}
