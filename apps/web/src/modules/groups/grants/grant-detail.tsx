import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { PermissionCatalogue } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useCatalogueLabels } from '../catalogue-labels';
import { ConditionRows } from './condition-rows';
import {
  catalogueActionOf,
  conditionFields,
  type GrantDraft,
  grantableFields,
  limitFields,
  toggleField,
} from './grant-draft';

export interface GrantDetailProps {
  catalogue: PermissionCatalogue;
  draft: GrantDraft;
  onChange: (draft: GrantDraft) => void;
  disabled?: boolean;
}

/** A grant's limits: which fields it names, and which records it reaches. */
export function GrantDetail({ catalogue, draft, onChange, disabled = false }: GrantDetailProps) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const grantable = grantableFields(catalogue, draft.resource, draft.action);
  const comparable = conditionFields(catalogue, draft.resource, draft.action);
  const side = catalogueActionOf(catalogue, draft.resource, draft.action)?.fields;
  const chosen = new Set(draft.fields ?? []);
  const hint =
    draft.effect === 'deny'
      ? t('groups.detail.denyFieldsHint')
      : side === 'write'
        ? t('groups.detail.writeFieldsHint')
        : t('groups.detail.readFieldsHint');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 1 }}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        {grantable.length === 0 && draft.fields === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('groups.detail.noFields')}
          </Typography>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.fields !== null}
                  disabled={disabled}
                  onChange={(event) => onChange(limitFields(draft, event.target.checked, grantable))}
                />
              }
              label={t('groups.detail.limitFields')}
            />
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
            {draft.fields !== null && (
              <FormGroup row sx={{ mt: 1 }}>
                {grantable.map((field) => (
                  <FormControlLabel
                    key={field.name}
                    sx={{ minWidth: 200 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={chosen.has(field.name)}
                        disabled={disabled}
                        onChange={() => onChange(toggleField(draft, field.name, grantable))}
                      />
                    }
                    label={labels.field(field)}
                  />
                ))}
              </FormGroup>
            )}
          </>
        )}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {t('groups.detail.condition')}
        </Typography>
        {comparable.length === 0 && draft.conditions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('groups.detail.noCondition')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('groups.detail.conditionHint')}
            </Typography>
            <ConditionRows
              fields={comparable}
              rows={draft.conditions}
              disabled={disabled}
              onChange={(conditions) => onChange({ ...draft, conditions })}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
