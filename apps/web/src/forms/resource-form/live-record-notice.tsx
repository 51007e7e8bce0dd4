import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RecordNewsBanner } from './record-news-banner';
import type { LiveRecord } from './use-live-record';

export interface LiveRecordNoticeProps {
  live: LiveRecord;
  /** The form holds unsaved changes: a reload asks first. */
  dirty: boolean;
  busy: boolean;
  /** The form is deleting its record: that deletion coming back is not news. */
  deleting?: boolean;
}

/** An open form's banner for another administrator's change, with Reload (asking when dirty) and Compare. */
export function LiveRecordNotice({ live, dirty, busy, deleting = false }: LiveRecordNoticeProps) {
  const { t } = useTranslation();
  const [confirmingReload, setConfirmingReload] = useState(false);
  const news = live.news && !(deleting && live.news.kind === 'deleted') ? live.news : null;
  return (
    <>
      {news && (
        <RecordNewsBanner
          news={news}
          busy={live.reading || busy}
          // Typed changes are not thrown away without asking.
          onReload={() => (dirty ? setConfirmingReload(true) : void live.reload())}
          onCompare={() => void live.compare()}
        />
      )}
      <ConfirmDialog
        open={confirmingReload}
        title={t('live.form.reloadTitle')}
        text={t('live.form.reloadText')}
        confirmLabel={t('live.form.reloadConfirm')}
        destructive
        busy={live.reading}
        onConfirm={() => void live.reload().finally(() => setConfirmingReload(false))}
        onClose={() => setConfirmingReload(false)}
      />
    </>
  );
}
