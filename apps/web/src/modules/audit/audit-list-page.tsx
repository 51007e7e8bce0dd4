import HistoryIcon from '@mui/icons-material/History';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type AuditEntry, auditResource } from '@pult/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ResourceTable, useListReturnState, useTableState } from '../../table';
import { PageTitle } from '../../ui/page-title';

const COLUMNS = ['id', 'created_at', 'admin_email', 'action', 'resource', 'record_id', 'ip'] as const;

/**
 * Route `/auth/audit`: who changed what, newest first. Opened from a record's edit screen it is
 * filtered to that record (`filter[resource]` and `filter[record_id]`), and says so.
 */
export default function AuditListPage() {
  const { t } = useTranslation();
  const title = t('menu.items.authAudit');
  const table = useTableState(auditResource);
  const { resource, record_id: recordId } = table.query.filters;
  const forRecord = resource !== undefined && recordId !== undefined;
  return (
    <>
      <PageTitle>{forRecord ? t('audit.recordHistory', { resource, id: recordId }) : title}</PageTitle>
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {t('audit.appendOnly')}
      </Alert>
      <ResourceTable<AuditEntry>
        descriptor={auditResource}
        label={title}
        columns={COLUMNS}
        toolbar={
          forRecord ? (
            <Button size="small" startIcon={<HistoryIcon />} component={RouterLink} to="/auth/audit">
              {t('audit.showAll')}
            </Button>
          ) : undefined
        }
        rowActions={(item) => <ViewEntryButton id={item.id} />}
      />
    </>
  );
}

function ViewEntryButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  return (
    <Tooltip title={t('common.view')}>
      <IconButton
        component={RouterLink}
        to={`/auth/audit/view/${id}`}
        state={returnState}
        size="small"
        aria-label={t('audit.view', { id })}
      >
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
