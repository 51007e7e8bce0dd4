import Alert from '@mui/material/Alert';
import { useTranslation } from '../../i18n/use-translation';
import { PageLoading } from '../../ui/page-loading';
import type { RecordState } from './use-record';

/** What an edit screen shows until its record is there: a spinner, "Record not found" or the failure. */
export function RecordStateView({
  state,
  notFoundText,
}: {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>;
  /** What a missing record is called, when the spec names it ("Translation not found"). */
  notFoundText?: string;
}) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'loading':
      return <PageLoading />;
    case 'notFound':
      return <Alert severity="warning">{notFoundText ?? t('common.recordNotFound')}</Alert>;
    case 'error':
      return <Alert severity="error">{t('common.loadFailed')}</Alert>;
  }
}
