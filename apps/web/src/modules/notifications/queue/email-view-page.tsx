import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type EmailQueueDetail, emailQueueResource } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useListReturnPath } from '../../../table';
import { formatBytes } from '../../../table/format-bytes';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DetailList } from '../../../ui/detail-list';
import { PageTitle } from '../../../ui/page-title';
import { EmailBodyFrame } from '../email-body-frame';
import { queueActionOf } from './queue-access';
import { useQueueActions, useQueueGrants } from './use-queue-actions';

const LIST_PATH = '/notifications/email-queue';

/** Route `/notifications/email-queue/view/{id}`: one e-mail, its rendered message while kept, and every attempt. */
export default function EmailViewPage() {
  const { t } = useTranslation();
  const id = parseRecordId(useParams().id ?? null);
  const state = useRecord<EmailQueueDetail>(emailQueueResource, id);
  const returnPath = useListReturnPath(LIST_PATH);
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={t('menu.items.emailQueue')}>
        {t('notifications.queue.detail.title', { id: id ?? '' })}
      </PageTitle>
      {state.status === 'ready' ? <EmailDetail email={state.record} /> : <RecordStateView state={state} />}
    </>
  );
}

function EmailDetail({ email }: { email: EmailQueueDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const actions = useQueueActions();
  const grants = useQueueGrants();
  const action = queueActionOf(email.status, grants);
  const time = (value: string | null) => (value ? formatDateTime(value, locale, zone) : t('common.none'));
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Chip label={t(`notifications.queue.status.${email.status}`)} />
          <Chip variant="outlined" label={t(`notifications.queue.priority.${email.priority}`)} />
          <Box sx={{ flexGrow: 1 }} />
          {action === 'retry' && (
            <Button
              variant="contained"
              startIcon={<ReplayIcon />}
              loading={actions.retrying === email.id}
              onClick={() => actions.retry(email.id)}
            >
              {t('notifications.queue.retry')}
            </Button>
          )}
          {action === 'cancel' && (
            <Button color="error" startIcon={<BlockIcon />} onClick={() => actions.askCancel(email)}>
              {t('notifications.queue.cancel')}
            </Button>
          )}
        </Stack>
        <DetailList
          rows={[
            { label: t('notifications.queue.fields.email_to'), value: email.email_to },
            { label: t('notifications.queue.fields.template_name'), value: email.template_name },
            { label: t('notifications.queue.fields.language'), value: email.language },
            {
              label: t('notifications.queue.fields.attempts'),
              value: `${email.attempts} / ${email.max_attempts}`,
            },
            { label: t('common.fields.created_at'), value: time(email.created_at) },
            { label: t('notifications.queue.fields.sent_at'), value: time(email.sent_at) },
            ...(email.status === 'pending' || email.status === 'processing'
              ? [
                  {
                    label: t('notifications.queue.fields.next_attempt_at'),
                    value: time(email.next_attempt_at),
                  },
                ]
              : []),
            {
              label: t('notifications.queue.fields.message_id'),
              value: (
                <Box component="code" sx={{ fontSize: 13 }}>
                  {email.message_id}
                </Box>
              ),
            },
            // Names and sizes only: the server never answers an attachment's content.
            ...(email.attachments?.length
              ? [
                  {
                    label: t('notifications.queue.fields.attachments'),
                    value: email.attachments
                      .map((file) => `${file.filename} (${formatBytes(file.size, locale)})`)
                      .join(', '),
                  },
                ]
              : []),
            ...(email.last_error
              ? [
                  {
                    label: t('notifications.queue.fields.last_error'),
                    value: (
                      <Box component="span" sx={{ color: 'error.main' }}>
                        {email.last_error}
                      </Box>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Paper>
      <MessagePanel email={email} />
      <AttemptsPanel email={email} time={time} />
      <ConfirmDialog
        open={actions.cancelTarget !== null}
        title={t('notifications.queue.cancelTitle')}
        text={t('notifications.queue.cancelText', { to: email.email_to })}
        confirmLabel={t('notifications.queue.cancel')}
        destructive
        busy={actions.cancelling}
        onConfirm={actions.confirmCancel}
        onClose={actions.dismissCancel}
      />
    </Stack>
  );
}

function MessagePanel({ email }: { email: EmailQueueDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'html' | 'text'>(email.body_html ? 'html' : 'text');
  const kept = email.body_text !== null || email.body_html !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('notifications.queue.detail.message')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.queue.fields.subject')}
      </Typography>
      <Typography sx={{ mb: 2, fontWeight: 500 }}>{email.subject}</Typography>
      {email.body_withheld ? (
        <Alert severity="info">{t('notifications.queue.detail.bodyWithheld')}</Alert>
      ) : !kept ? (
        <Alert severity="info">{t('notifications.queue.detail.bodyCleared')}</Alert>
      ) : (
        <>
          <Tabs value={tab} onChange={(_event, value: 'html' | 'text') => setTab(value)} sx={{ mb: 1 }}>
            {email.body_html && <Tab value="html" label={t('notifications.queue.detail.html')} />}
            <Tab value="text" label={t('notifications.queue.detail.text')} />
          </Tabs>
          {tab === 'html' && email.body_html ? (
            <EmailBodyFrame html={email.body_html} title={t('notifications.queue.detail.html')} />
          ) : (
            <Box
              component="pre"
              sx={{ m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1, whiteSpace: 'pre-wrap', fontSize: 13 }}
            >
              {email.body_text}
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

function AttemptsPanel({ email, time }: { email: EmailQueueDetail; time: (value: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('notifications.queue.detail.attempts')}
      </Typography>
      {email.attempt_log.length === 0 ? (
        <Typography color="text.secondary">{t('notifications.queue.detail.noAttempts')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('notifications.queue.detail.attempts')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.queue.detail.attempt')}</TableCell>
                <TableCell>{t('notifications.queue.detail.started')}</TableCell>
                <TableCell>{t('notifications.queue.detail.finished')}</TableCell>
                <TableCell>{t('notifications.queue.detail.outcome')}</TableCell>
                <TableCell>{t('notifications.queue.detail.channel')}</TableCell>
                <TableCell>{t('notifications.queue.detail.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {email.attempt_log.map((attempt) => (
                <TableRow key={attempt.attempt}>
                  <TableCell>{attempt.attempt}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(attempt.started_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(attempt.finished_at)}</TableCell>
                  <TableCell>{t(`notifications.queue.detail.outcomes.${attempt.outcome}`)}</TableCell>
                  <TableCell>{attempt.channel ?? t('common.none')}</TableCell>
                  <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>
                    {attempt.error ?? ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
