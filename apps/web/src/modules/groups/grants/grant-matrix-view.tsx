import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { type CatalogueLabels, useCatalogueLabels } from '../catalogue-labels';
import { CHIP_COLOR, EffectIcon } from './effect-icon';
import { type GrantDraft, isLimited } from './grant-draft';
import { type CellState, cellDrafts, cellState, MATRIX_COLUMNS, type MatrixSection } from './grant-matrix';

export interface GrantMatrixViewProps {
  sections: readonly MatrixSection[];
  drafts: readonly GrantDraft[];
  onCycle: (resource: string, action: string) => void;
  disabled?: boolean;
}

interface Cell {
  resource: string;
  action: string;
  state: CellState;
  limited: boolean;
}

function cellOf(drafts: readonly GrantDraft[], resource: string, action: string): Cell {
  return {
    resource,
    action,
    state: cellState(drafts, resource, action),
    limited: cellDrafts(drafts, resource, action).some(isLimited),
  };
}

/** The accessible name of a cell: what it is about and what it says now. */
function useCellName(labels: CatalogueLabels) {
  const { t } = useTranslation();
  return (cell: Cell) =>
    [
      t('groups.matrix.cell', {
        resource: labels.resource(cell.resource),
        action: labels.action(cell.action),
        state: t(`groups.matrix.states.${cell.state}`),
      }),
      cell.limited ? t('groups.matrix.limited') : '',
    ]
      .filter(Boolean)
      .join(', ');
}

/**
 * Resources × actions. Every cell is a real button: a click (or Enter, Space) moves it to its next
 * state; its name says the resource, the action and the state. Module actions are chips on the row.
 */
export function GrantMatrixView({ sections, drafts, onCycle, disabled = false }: GrantMatrixViewProps) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const nameOf = useCellName(labels);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('groups.matrix.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 180 }}>{t('groups.matrix.resource')}</TableCell>
            {MATRIX_COLUMNS.map((action) => (
              <TableCell key={action} align="center" sx={{ px: 0.5, whiteSpace: 'nowrap' }}>
                {labels.action(action)}
              </TableCell>
            ))}
            <TableCell sx={{ minWidth: 220 }}>{t('groups.matrix.moduleActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sections.map((section) => (
            <Fragment key={section.service ?? '*'}>
              {section.service && (
                <TableRow>
                  <TableCell
                    colSpan={MATRIX_COLUMNS.length + 2}
                    component="th"
                    scope="rowgroup"
                    sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
                  >
                    {labels.service(section.service)}
                  </TableCell>
                </TableRow>
              )}
              {section.rows.map((row) => (
                <TableRow key={row.resource} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: row.wildcard ? 600 : undefined }}>
                    <Tooltip title={row.resource} placement="right">
                      <span>{labels.resource(row.resource)}</span>
                    </Tooltip>
                  </TableCell>
                  {MATRIX_COLUMNS.map((action) => {
                    if (!row.columns.has(action)) return <TableCell key={action} />;
                    const cell = cellOf(drafts, row.resource, action);
                    return (
                      <TableCell key={action} align="center" sx={{ px: 0.5 }}>
                        <IconButton
                          size="small"
                          aria-label={nameOf(cell)}
                          disabled={disabled}
                          onClick={() => onCycle(row.resource, action)}
                        >
                          <Badge variant="dot" color="primary" invisible={!cell.limited}>
                            <EffectIcon state={cell.state} />
                          </Badge>
                        </IconButton>
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {row.moduleActions.map((action) => {
                        const cell = cellOf(drafts, row.resource, action);
                        return (
                          <Chip
                            key={action}
                            size="small"
                            label={labels.action(action)}
                            icon={<EffectIcon state={cell.state} fontSize="inherit" />}
                            color={CHIP_COLOR[cell.state]}
                            variant={cell.state === 'none' ? 'outlined' : 'filled'}
                            aria-label={nameOf(cell)}
                            disabled={disabled}
                            onClick={() => onCycle(row.resource, action)}
                          />
                        );
                      })}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
