import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TemplatePreview } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';

/** Which variables and translation keys the content uses; unknown keys and unsampled variables flagged. */
export function TemplateUsage({ preview }: { preview: TemplatePreview | undefined }) {
  const { t } = useTranslation();
  const none = (
    <Typography component="span" variant="body2" color="text.secondary">
      {t('notifications.templates.usage.none')}
    </Typography>
  );
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('notifications.templates.usage.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.templates.usage.variables')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1.5, mt: 0.5 }}>
        {preview?.variables.length
          ? preview.variables.map((name) => (
              <Chip
                key={name}
                size="small"
                label={`{${name}}`}
                variant="outlined"
                color={preview.missingVariables.includes(name) ? 'warning' : 'default'}
                sx={{ fontFamily: 'monospace' }}
              />
            ))
          : none}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.templates.usage.translations')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
        {preview?.translations.length
          ? preview.translations.map(({ ref, exists }) => (
              <Chip
                key={ref}
                size="small"
                variant="outlined"
                color={exists ? 'default' : 'error'}
                label={exists ? ref : `${ref} · ${t('notifications.templates.usage.unknown')}`}
                sx={{ fontFamily: 'monospace' }}
              />
            ))
          : none}
      </Box>
      {preview && preview.missingVariables.length > 0 && (
        <Typography variant="caption" color="warning.dark" sx={{ display: 'block', mt: 1 }}>
          {t('notifications.templates.usage.missingSample', { names: preview.missingVariables.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
