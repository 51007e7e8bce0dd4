import Box from '@mui/material/Box';
import type { PermissionCatalogue } from '@pult/contract';
import type { ValueFormatter } from '../../../forms/resource-form/record-conflict-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { draftsOfGrants, type StoredGrant } from './grant-draft';
import { useGrantText } from './use-grant-text';

/**
 * Shows a group's grants in the conflict dialog, one line each as the grant list names them ("Denied:
 * Users — Delete · all fields"); other fields, and an empty list, are left to the dialog.
 */
export function useGrantsValue(catalogue: PermissionCatalogue, field: string): ValueFormatter {
  const { t } = useTranslation();
  const text = useGrantText(catalogue);
  return (shown, value) => {
    if (shown.name !== field || !Array.isArray(value) || value.length === 0) return undefined;
    return (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {draftsOfGrants(value as StoredGrant[]).map((draft) => (
          <li key={draft.id}>
            {t(`groups.grantList.effect.${draft.effect}`)}: {text.name(draft)} · {text.summary(draft)}
          </li>
        ))}
      </Box>
    );
  };
}
