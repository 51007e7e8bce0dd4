import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type Admin, adminsResource, STATUS } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useServices } from '../../../app/services-context';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { isHttpError } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoading } from '../../../ui/page-loading';
import { PageTitle } from '../../../ui/page-title';
import { personName } from '../../users/person-name';
import { useCatalogueLabels } from '../catalogue-labels';
import { fetchEffective, groupKeys, useCatalogue } from '../groups-api';
import { effectiveSections } from './effective-sections';
import { EffectiveTable } from './effective-table';

/** Route `/auth/admins/permissions?id=N`: what one administrator can do, and which group grants it. */
export default function EffectivePermissionsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = parseRecordId(searchParams.get('id'));
  const admin = useRecord<Admin>(adminsResource, id);
  return (
    <>
      <Button
        component={RouterLink}
        to={id === null ? '/auth/admins' : `/auth/admins/edit?id=${id}`}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, ml: -1 }}
      >
        {t('groups.effective.back')}
      </Button>
      <PageTitle overline={admin.status === 'ready' ? personName(admin.record) : undefined}>
        {t('groups.effective.title')}
      </PageTitle>
      {admin.status !== 'ready' ? (
        <RecordStateView state={admin} />
      ) : (
        <Effective admin={admin.record} id={admin.record.id} />
      )}
    </>
  );
}

function Effective({ admin, id }: { admin: Admin; id: number }) {
  const { t } = useTranslation();
  const services = useServices();
  const labels = useCatalogueLabels();
  const catalogue = useCatalogue();
  const [onlyAllowed, setOnlyAllowed] = useState(false);
  const effective = useQuery({
    queryKey: groupKeys.effective(id),
    queryFn: ({ signal }) => fetchEffective(services, id, signal),
    staleTime: 0,
  });
  if (effective.isError) {
    const notFound = isHttpError(effective.error) && effective.error.status === 404;
    return <RecordStateView state={{ status: notFound ? 'notFound' : 'error' }} />;
  }
  if (!effective.data) return <PageLoading />;
  const { groups, entries } = effective.data;

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="subtitle2" component="span">
          {t('groups.effective.groups')}:
        </Typography>
        {groups.map((name) => (
          <Chip key={name} label={name} size="small" />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <FormControlLabel
          control={
            <Switch checked={onlyAllowed} onChange={(event) => setOnlyAllowed(event.target.checked)} />
          }
          label={t('groups.effective.onlyAllowed')}
        />
      </Box>
      {groups.length === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('groups.effective.noGroups')}
        </Alert>
      )}
      {admin.status !== STATUS.active && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('groups.effective.inactive')}
        </Alert>
      )}
      {effectiveSections(entries, onlyAllowed).map((section) => (
        <Box key={section.service} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {labels.service(section.service)}
          </Typography>
          {section.resources.map((item) => (
            <EffectiveTable key={item.resource} resource={item} catalogue={catalogue.data} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
