import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { PermissionCatalogue } from '@pult/contract';
import { useState } from 'react';
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import { CHIP_COLOR, EffectIcon } from './effect-icon';
import { GrantDetail } from './grant-detail';
import type { GrantDraft } from './grant-draft';
import type { GrantProblem } from './group-errors';
import { useGrantText } from './use-grant-text';

export interface GrantListProps {
  catalogue: PermissionCatalogue;
  drafts: readonly GrantDraft[];
  onChange: (id: number, draft: GrantDraft) => void;
  onRemove: (id: number) => void;
  /** Problems by the grant's position in the list. */
  problems: ReadonlyMap<number, readonly GrantProblem[]>;
  disabled?: boolean;
}

/** Every grant in the order it is sent, each with its limits behind a toggle and its errors beside it. */
export function GrantList({
  catalogue,
  drafts,
  onChange,
  onRemove,
  problems,
  disabled = false,
}: GrantListProps) {
  const { t } = useTranslation();
  if (drafts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('groups.grantList.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {drafts.map((draft, index) => (
        <GrantItem
          key={draft.id}
          catalogue={catalogue}
          draft={draft}
          problems={problems.get(index) ?? []}
          onChange={(next) => onChange(draft.id, next)}
          onRemove={() => onRemove(draft.id)}
          disabled={disabled}
        />
      ))}
    </Box>
  );
}

interface GrantItemProps {
  catalogue: PermissionCatalogue;
  draft: GrantDraft;
  problems: readonly GrantProblem[];
  onChange: (draft: GrantDraft) => void;
  onRemove: () => void;
  disabled: boolean;
}

function GrantItem({ catalogue, draft, problems, onChange, onRemove, disabled }: GrantItemProps) {
  const { t } = useTranslation();
  const text = useGrantText(catalogue);
  const viewText = useViewText();
  const [open, setOpen] = useState(false);
  // A grant the server refused opens by itself, so its problem is next to what causes it.
  const expanded = open || problems.length > 0;
  const name = text.name(draft);
  const summary = text.summary(draft);
  const detailId = `grant-detail-${draft.id}`;

  return (
    <Box
      component="li"
      sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 }, px: 2, py: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          icon={<EffectIcon state={draft.effect} fontSize="inherit" />}
          color={CHIP_COLOR[draft.effect]}
          variant="outlined"
          label={t(`groups.grantList.effect.${draft.effect}`)}
          sx={{ minWidth: 110 }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {draft.resource} · {draft.action} · {summary}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('groups.grantList.details', { grant: name })}
          aria-expanded={expanded}
          aria-controls={detailId}
          onClick={() => setOpen(!expanded)}
        >
          {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
        <IconButton
          aria-label={t('groups.grantList.remove', { grant: name })}
          disabled={disabled}
          onClick={onRemove}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Box>
      {problems.map((problem) => (
        <FormHelperText key={`${problem.path}:${viewText(problem.text)}`} error>
          {problem.path ? `${problem.path}: ` : ''}
          {viewText(problem.text)}
        </FormHelperText>
      ))}
      <Collapse in={expanded} unmountOnExit>
        <Box id={detailId}>
          <GrantDetail catalogue={catalogue} draft={draft} onChange={onChange} disabled={disabled} />
        </Box>
      </Collapse>
    </Box>
  );
}
