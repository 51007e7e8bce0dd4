import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EffectiveEntry, PermissionCatalogue } from '@pult/contract';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useCatalogueLabels } from '../catalogue-labels';
import { EffectIcon } from '../grants/effect-icon';
import { catalogueActionOf } from '../grants/grant-draft';
import { catalogueFieldOf, type EffectiveResource } from './effective-sections';

/** One resource: each action, whether it is allowed, on which fields and records, and from which group. */
export function EffectiveTable({
  resource,
  catalogue,
}: {
  resource: EffectiveResource;
  catalogue: PermissionCatalogue | undefined;
}) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const titleId = useId();
  const fieldsOf = (entry: EffectiveEntry) => {
    if (!entry.allowed) return t('groups.effective.none');
    if (entry.fields === null) {
      // An action that takes no field list reaches no fields to speak of.
      const side = catalogueActionOf(catalogue, entry.resource, entry.action)?.fields;
      return side ? t('groups.effective.allFields') : t('groups.effective.none');
    }
    return entry.fields
      .map((field) => labels.field(catalogueFieldOf(catalogue, entry.resource, field)))
      .join(', ');
  };

  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {labels.resource(resource.resource)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {resource.resource}
        </Typography>
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '22%' }}>{t('groups.effective.action')}</TableCell>
              <TableCell sx={{ width: '14%' }}>{t('groups.effective.access')}</TableCell>
              <TableCell>{t('groups.effective.fields')}</TableCell>
              <TableCell sx={{ width: '22%' }}>{t('groups.effective.sources')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {resource.entries.map((entry) => (
              <TableRow key={entry.action}>
                <TableCell>
                  <Tooltip title={entry.action} placement="left">
                    <span>{labels.action(entry.action)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <EffectIcon state={entry.allowed ? 'allow' : 'deny'} />
                    {t(entry.allowed ? 'groups.effective.allowed' : 'groups.effective.denied')}
                  </span>
                </TableCell>
                <TableCell>
                  {fieldsOf(entry)}
                  {entry.allowed && entry.conditional && (
                    <Typography variant="caption" color="warning.main" component="div">
                      {t('groups.effective.conditional')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {entry.sources.length === 0
                    ? t('groups.effective.none')
                    : entry.sources.map((source, index) => (
                        <Tooltip
                          // biome-ignore lint/suspicious/noArrayIndexKey: one group may give several grants
                          key={index}
                          title={`${source.grant.resource} · ${source.grant.action}`}
                        >
                          <span>
                            {index > 0 && ', '}
                            {source.grant.effect === 'deny'
                              ? t('groups.effective.sourceDeny', { group: source.group })
                              : source.group}
                          </span>
                        </Tooltip>
                      ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
