import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Translation, translationsResource } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { formatDateTime } from '../../../i18n/format-date';
import { useLocale } from '../../../i18n/use-locale';
import { useListReturnPath } from '../../../table';
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
  const { state } = useLocation();
  const rows: [string, string | null][] = [
    [t('notifications.translations.fields.group'), translation.group],
    [t('notifications.translations.fields.key_name'), translation.key_name],
    [t('notifications.translations.language.uk-UA'), translation.value_uk],
    [t('notifications.translations.language.en-US'), translation.value_en],
    [t('common.fields.updated_at'), formatDateTime(translation.updated_at, locale)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', flexGrow: 1 }}>
          {`{t:${translationName(translation)}}`}
        </Typography>
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
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
          columnGap: 2,
          rowGap: 1.5,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, whiteSpace: 'pre-wrap', color: value ? 'text.primary' : 'warning.dark' }}
            >
              {value ?? t('notifications.translations.fields.missing')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
