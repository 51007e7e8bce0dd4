import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Translation, translationsResource } from '@pult/contract';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useListReturnPath } from '../../../table';
import { DetailList } from '../../../ui/detail-list';
import { PageTitle } from '../../../ui/page-title';
import { translationName } from './translations-list-page';

export const TRANSLATIONS_PATH = '/notification/translations';

/** Route `/notification/translations/view/{id}`: one entry in both languages. */
export default function TranslationViewPage() {
  const { t } = useTranslation();
  const id = parseRecordId(useParams().id ?? null);
  const state = useRecord<Translation>(translationsResource, id);
  const returnPath = useListReturnPath(TRANSLATIONS_PATH);
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle
        overline={[t('common.view'), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ')}
      >
        {t('menu.items.translations')}
      </PageTitle>
      {state.status === 'ready' ? (
        <TranslationDetail translation={state.record} />
      ) : (
        <RecordStateView state={state} notFoundText={t('common.translationNotFound')} />
      )}
    </>
  );
}

function TranslationDetail({ translation }: { translation: Translation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const { state } = useLocation();
  const canUpdate = useRouteCan('update');
  const text = (value: string | null) =>
    value ?? (
      <Box component="span" sx={{ color: 'warning.dark' }}>
        {t('notifications.translations.fields.missing')}
      </Box>
    );
  const rows = [
    { label: t('notifications.translations.fields.group'), value: translation.group },
    { label: t('notifications.translations.fields.key_name'), value: translation.key_name },
    { label: t('notifications.translations.language.uk-UA'), value: text(translation.value_uk) },
    { label: t('notifications.translations.language.en-US'), value: text(translation.value_en) },
    { label: t('common.fields.updated_at'), value: formatDateTime(translation.updated_at, locale, zone) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', flexGrow: 1 }}>
          {`{t:${translationName(translation)}}`}
        </Typography>
        {canUpdate && (
          <Button
            component={RouterLink}
            to={`${TRANSLATIONS_PATH}/edit/${translation.id}`}
            state={state}
            color="edit"
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {t('notifications.translations.edit')}
          </Button>
        )}
      </Stack>
      <DetailList rows={rows} labelWidth={200} />
    </Paper>
  );
}
