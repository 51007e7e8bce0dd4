import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PermissionCatalogue } from '@pult/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { type GrantDraft, updateDraft } from './grant-draft';
import { GrantList } from './grant-list';
import { cycleCell, matrixSections } from './grant-matrix';
import { GrantMatrixView } from './grant-matrix-view';
import type { GrantProblem } from './group-errors';

export interface GrantsEditorProps {
  catalogue: PermissionCatalogue;
  drafts: readonly GrantDraft[];
  onChange: (drafts: GrantDraft[]) => void;
  problems: ReadonlyMap<number, readonly GrantProblem[]>;
  disabled?: boolean;
}

/** The matrix for what is granted, and the list of grants for their limits. */
export function GrantsEditor({ catalogue, drafts, onChange, problems, disabled = false }: GrantsEditorProps) {
  const { t } = useTranslation();
  const sections = useMemo(() => matrixSections(catalogue), [catalogue]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box component="section" aria-labelledby="grants-matrix-title">
        <Typography id="grants-matrix-title" variant="h6" component="h2">
          {t('groups.matrix.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('groups.matrix.intro')}
        </Typography>
        <GrantMatrixView
          sections={sections}
          drafts={drafts}
          disabled={disabled}
          onCycle={(resource, action) => onChange(cycleCell(drafts, resource, action))}
        />
      </Box>
      <Box component="section" aria-labelledby="grants-list-title">
        <Typography id="grants-list-title" variant="h6" component="h2">
          {t('groups.grantList.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('groups.grantList.intro')}
        </Typography>
        <GrantList
          catalogue={catalogue}
          drafts={drafts}
          problems={problems}
          disabled={disabled}
          onChange={(id, next) => onChange(updateDraft(drafts, id, () => next))}
          onRemove={(id) => onChange(drafts.filter((draft) => draft.id !== id))}
        />
      </Box>
    </Box>
  );
}
