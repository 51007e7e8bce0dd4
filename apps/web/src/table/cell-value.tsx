import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { DisplayDescriptor } from '@pult/contract';
import { formatDate, formatDateTime } from '../i18n/format-date';
import { useTimeZone } from '../i18n/time-zone-store';
import { useLocale } from '../i18n/use-locale';
import { useTranslation } from '../i18n/use-translation';
import type { ResourceRecord } from '../resources/resource-api';
import { formatJson, isEmptyValue, toTags, toText } from './cell-format';
import { formatBytes } from './format-bytes';
import { useLabelText } from './use-label-text';

export interface CellValueProps {
  display: DisplayDescriptor;
  value: unknown;
  /** The whole record: a reference shows another of its fields. */
  item: ResourceRecord;
}

/** Long texts are cut to one line; the full text is in the tooltip (title) of the cell. */
const truncate = {
  display: 'block',
  maxWidth: 280,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** One table cell's content, by the column's display kind. */
export function CellValue({ display, value, item }: CellValueProps) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const shown = display.kind === 'reference' ? item[display.field] : value;

  if (isEmptyValue(shown)) {
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {t('common.none')}
      </Box>
    );
  }

  switch (display.kind) {
    case 'datetime':
      return <>{formatDateTime(shown, locale, zone)}</>;
    case 'date':
      return <>{formatDate(shown, locale)}</>;
    case 'bytes':
      return <>{formatBytes(shown, locale)}</>;
    case 'boolean':
      return <>{shown === true || shown === 1 || shown === 'true' ? t('common.yes') : t('common.no')}</>;
    case 'tags':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {toTags(shown).map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" sx={{ height: 20, fontSize: 12 }} />
          ))}
        </Box>
      );
    case 'json': {
      const json = formatJson(shown);
      return (
        <Box component="code" title={json} sx={{ ...truncate, fontFamily: 'monospace', fontSize: 12 }}>
          {json}
        </Box>
      );
    }
    case 'option': {
      const option = display.options.find((candidate) => String(candidate.value) === String(shown));
      return <>{option ? labelText(option.label) : toText(shown)}</>;
    }
    case 'reference':
    case 'text': {
      const text = toText(shown);
      return (
        <Box component="span" title={text.length > 40 ? text : undefined} sx={truncate}>
          {text}
        </Box>
      );
    }
  }
}
