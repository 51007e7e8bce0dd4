import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXCHANGE_SOURCE_LOCALE, type ExchangeFormat, LOCALES, type Locale } from '@pult/contract';
import { lazy, Suspense, useState } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useServices } from '../../../app/services-context';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { saveBlob } from '../../../table';
import { downloadExchange } from './exchange-api';

// The import dialog loads when it is opened.
const ExchangeImportDialog = lazy(() => import('./exchange-import-dialog'));

const TARGETS = LOCALES.filter((locale) => locale !== EXCHANGE_SOURCE_LOCALE);
const DOWNLOADS: { format: ExchangeFormat; locale: Locale }[] = [
  ...TARGETS.map((locale) => ({ format: 'xliff' as const, locale })),
  ...TARGETS.map((locale) => ({ format: 'po' as const, locale })),
  ...LOCALES.map((locale) => ({ format: 'json' as const, locale })),
];

/** "Translator files": the translations as XLIFF, PO or i18next JSON, and a translator's file back. */
export function TranslatorFilesMenu() {
  const { t } = useTranslation();
  const services = useServices();
  const canExport = useRouteCan('translations.exchange');
  // A translator's file updates the keys that exist: both grants, as the server asks.
  const canCreate = useRouteCan('create');
  const canUpdate = useRouteCan('update');
  const canImport = canCreate && canUpdate;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  if (!canExport && !canImport) return null;

  const download = (format: ExchangeFormat, locale: Locale) => {
    setAnchor(null);
    downloadExchange(services, format, locale)
      .then(({ blob, fileName }) => {
        saveBlob(blob, fileName);
        notifier.notify('success', t('notifications.translations.exchange.downloaded', { file: fileName }));
      })
      .catch((error: unknown) => {
        if ((error as { status?: number }).status !== 403)
          notifier.notify('error', t('notifications.translations.exchange.downloadFailed'));
      });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<TranslateIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        title={t('notifications.translations.exchange.menuHint')}
      >
        {t('notifications.translations.exchange.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canExport &&
          DOWNLOADS.map(({ format, locale }) => (
            <MenuItem key={`${format}-${locale}`} onClick={() => download(format, locale)}>
              {t(`notifications.translations.exchange.${format}`, {
                language: t(`notifications.translations.language.${locale}`),
              })}
            </MenuItem>
          ))}
        {canExport && canImport && <Divider />}
        {canImport && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setImporting(true);
            }}
          >
            {t('notifications.translations.exchange.importOpen')}
          </MenuItem>
        )}
      </Menu>
      {importing && (
        <Suspense fallback={null}>
          <ExchangeImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
