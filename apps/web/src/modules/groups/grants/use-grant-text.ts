import type { PermissionCatalogue } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useCatalogueLabels } from '../catalogue-labels';
import { isBlankRow } from './grant-condition';
import type { GrantDraft } from './grant-draft';

/** How a grant is named in a line of text: the grant list and the conflict dialog say it alike. */
export function useGrantText(catalogue: PermissionCatalogue) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const name = (draft: Pick<GrantDraft, 'resource' | 'action'>) =>
    `${labels.resource(draft.resource)} — ${labels.action(draft.action)}`;
  /** Which fields and whether a condition limits it: "all fields · with a condition". */
  const summary = (draft: GrantDraft) => {
    const fieldNames = new Map(
      catalogue.resources
        .find((item) => item.name === draft.resource)
        ?.fields.map((field) => [field.name, labels.field(field)]),
    );
    return [
      draft.fields === null
        ? t('groups.grantList.allFields')
        : t('groups.grantList.fields', {
            list: draft.fields.map((field) => fieldNames.get(field) ?? field).join(', '),
          }),
      draft.conditions.some((row) => !isBlankRow(row)) ? t('groups.grantList.conditional') : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };
  return { name, summary };
}
