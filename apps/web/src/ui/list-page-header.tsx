import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useRouteCan } from '../access/route-resource';
import { PageTitle } from './page-title';

/** Where a list's "create" button goes: a create route, or a dialog on the same page. */
export type CreateAction = { to: string; state?: unknown } | { onClick: () => void };

/** A list screen's title with its create button on the right, when the page's grants allow creating. */
export function ListPageHeader({
  title,
  createLabel,
  create,
}: {
  title: string;
  createLabel: string;
  create: CreateAction;
}) {
  const canCreate = useRouteCan('create');
  const target = 'to' in create ? { component: RouterLink, to: create.to, state: create.state } : create;
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <PageTitle>{title}</PageTitle>
      {canCreate && (
        <Button
          {...target}
          variant="contained"
          startIcon={<AddIcon />}
          disableElevation
          sx={{ flexShrink: 0, mt: 0.5 }}
        >
          {createLabel}
        </Button>
      )}
    </Stack>
  );
}
