import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminSession } from '@pult/contract';
import { useId } from 'react';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoading } from '../../../ui/page-loading';
import { useSessions } from './use-sessions';

/**
 * Profile → Where you are signed in: each open sign-in, ending one, or every other one. With
 * `adminId`, another administrator's sign-ins (their edit page, with the grant for it).
 */
export function SessionsCard({ adminId }: { adminId?: number }) {
  const { t } = useTranslation();
  const { sessions, endOne, endOthers } = useSessions(adminId === undefined ? 'own' : { adminId });
  const items = sessions.data?.items ?? [];
  const others = adminId === undefined ? items.filter((item) => !item.current).length : 0;
  const titleId = useId();
  const title = t(adminId === undefined ? 'profile.sessions.title' : 'profile.sessions.theirsTitle');
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        subheader={t(adminId === undefined ? 'profile.sessions.intro' : 'profile.sessions.theirsIntro')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {sessions.isPending && <PageLoading />}
        {sessions.isError && <Alert severity="error">{t('common.loadFailed')}</Alert>}
        {sessions.data && items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('profile.sessions.none')}
          </Typography>
        )}
        {items.length > 0 && (
          <List dense disablePadding aria-label={title}>
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </List>
        )}
        {others > 0 && (
          <Button
            sx={{ mt: 1 }}
            color="error"
            startIcon={<LogoutIcon />}
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {t('profile.sessions.endOthers')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: AdminSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const device =
    [session.browser, session.os].filter(Boolean).join(', ') || t('profile.sessions.unknownDevice');
  const facts = [
    t('profile.sessions.lastSeen', { at: formatDateTime(session.last_seen_at, locale, zone) }),
    t('profile.sessions.since', { at: formatDateTime(session.created_at, locale, zone) }),
    session.ip,
    session.second_factor ? t('profile.sessions.withFactor') : t('profile.sessions.passwordOnly'),
  ].filter(Boolean);
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        session.current ? undefined : (
          <Tooltip title={t('profile.sessions.end')}>
            <IconButton
              edge="end"
              color="error"
              aria-label={t('profile.sessions.endOne', { device })}
              disabled={ending}
              onClick={onEnd}
            >
              <LogoutIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      }
    >
      <ListItemText
        primary={
          <>
            {device}
            {session.current && (
              <Chip size="small" color="primary" label={t('profile.sessions.current')} sx={{ ml: 1 }} />
            )}
          </>
        }
        secondary={facts.join(' · ')}
      />
    </ListItem>
  );
}
