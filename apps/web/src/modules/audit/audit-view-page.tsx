import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AuditChange, type AuditEntryDetail, auditResource } from '@pult/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { RecordStateView } from '../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../forms/resource-form/use-record';
import { formatDateTime } from '../../i18n/format-date';
import { useTimeZone } from '../../i18n/time-zone-store';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { recordHistoryPath } from '../../resources/record-history';
import { useListReturnPath } from '../../table';
import { DetailList } from '../../ui/detail-list';
import { PageTitle } from '../../ui/page-title';

/** Route `/auth/audit/view/{id}`: one entry, with the fields it changed side by side. */
export default function AuditViewPage() {
  const { t } = useTranslation();
  const id = parseRecordId(useParams().id ?? null);
  const state = useRecord<AuditEntryDetail>(auditResource, id);
  const returnPath = useListReturnPath('/auth/audit');
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={t('menu.items.authAudit')}>{t('audit.detail.title', { id: id ?? '' })}</PageTitle>
      {state.status === 'ready' ? <EntryDetail entry={state.record} /> : <RecordStateView state={state} />}
    </>
  );
}

function EntryDetail({ entry }: { entry: AuditEntryDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const none = t('common.none');
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Chip
            color={entry.action === 'signin_failed' ? 'error' : 'default'}
            label={t(`audit.actions.${entry.action}`)}
          />
          {entry.resource && <Chip variant="outlined" label={entry.resource} />}
          <Box sx={{ flexGrow: 1 }} />
          {entry.resource && entry.record_id && (
            <Button
              startIcon={<HistoryIcon />}
              component={RouterLink}
              to={recordHistoryPath(entry.resource, entry.record_id)}
            >
              {t('audit.detail.openRecord')}
            </Button>
          )}
        </Stack>
        <DetailList
          rows={[
            { label: t('audit.fields.created_at'), value: formatDateTime(entry.created_at, locale, zone) },
            { label: t('audit.fields.admin_email'), value: entry.admin_email ?? none },
            { label: t('audit.fields.resource'), value: entry.resource ?? none },
            { label: t('audit.fields.record_id'), value: entry.record_id ?? none },
            { label: t('audit.fields.ip'), value: entry.ip ?? none },
            { label: t('audit.fields.user_agent'), value: entry.user_agent ?? none },
            ...(entry.detail
              ? [{ label: t('audit.detail.details'), value: <JsonText value={entry.detail} /> }]
              : []),
          ]}
        />
      </Paper>
      <ChangesPanel changes={entry.changes} />
    </Stack>
  );
}

function ChangesPanel({ changes }: { changes: readonly AuditChange[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('audit.detail.changes')}
      </Typography>
      {changes.length === 0 ? (
        <Typography color="text.secondary">{t('audit.detail.noChanges')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('audit.detail.changes')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 200 }}>{t('audit.detail.field')}</TableCell>
                <TableCell>{t('audit.detail.before')}</TableCell>
                <TableCell>{t('audit.detail.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.field}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {change.field}
                  </TableCell>
                  {change.secret ? (
                    <TableCell colSpan={2} sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
                      {t('audit.detail.secret')}
                    </TableCell>
                  ) : (
                    <>
                      <ValueCell value={change.before} tone="before" />
                      <ValueCell value={change.after} tone="after" />
                    </>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** Removed values on a red tint, added ones on a green tint, as a code review shows them. */
function ValueCell({ value, tone }: { value: unknown; tone: 'before' | 'after' }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined || value === '';
  return (
    <TableCell
      data-testid={`audit-${tone}`}
      sx={{
        // Tints of the theme's own colours, so the diff reads in the light and the dark theme alike.
        bgcolor: empty
          ? undefined
          : (theme) => alpha(tone === 'before' ? theme.palette.error.main : theme.palette.success.main, 0.12),
        wordBreak: 'break-word',
        fontFamily: typeof value === 'object' && value !== null ? 'monospace' : undefined,
      }}
    >
      {empty ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('audit.detail.empty')}
        </Typography>
      ) : typeof value === 'string' ? (
        value
      ) : (
        JSON.stringify(value)
      )}
    </TableCell>
  );
}

function JsonText({ value }: { value: unknown }) {
  return (
    <Box component="code" sx={{ fontSize: 13, wordBreak: 'break-word' }}>
      {JSON.stringify(value)}
    </Box>
  );
}
