import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTimeZone } from '../../i18n/time-zone-store';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatChangeTime, type RecordNews } from './live-record';

export interface RecordNewsBannerProps {
  news: RecordNews;
  busy: boolean;
  onReload: () => void;
  onCompare: () => void;
}

/**
 * "Changed by Emily Carter at 14:02 UTC — Reload / Compare" above an open form, as soon as another
 * administrator saves its record; "Deleted by …" when they delete it (nothing left to reload).
 */
export function RecordNewsBanner({ news, busy, onReload, onCompare }: RecordNewsBannerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const time = formatChangeTime(news.at, locale, zone);
  const deleted = news.kind === 'deleted';
  const text = news.actor
    ? t(deleted ? 'live.form.deletedBy' : 'live.form.changedBy', { name: news.actor.name, time })
    : t(deleted ? 'live.form.deletedByAnother' : 'live.form.changedByAnother', { time });
  return (
    <Alert
      // Polite: it must not cut into what the administrator is typing or hearing.
      role="status"
      severity={deleted ? 'error' : 'warning'}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        deleted ? undefined : (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button color="inherit" size="small" onClick={onReload} disabled={busy}>
              {t('live.form.reload')}
            </Button>
            <Button color="inherit" size="small" onClick={onCompare} disabled={busy}>
              {t('live.form.compare')}
            </Button>
          </Stack>
        )
      }
    >
      {text}
    </Alert>
  );
}
