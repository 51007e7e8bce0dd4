import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { deletePasskey, patchPasskey } from './mfa-api';
import { useSetMfaStatus } from './use-mfa-status';

/** Renaming and removing the administrator's passkeys; each answer is the new state of the factors. */
export function usePasskeys() {
  const services = useServices();
  const setStatus = useSetMfaStatus();
  const { t } = useTranslation();
  const fail = (error: unknown) => {
    // A 403 was announced by the HTTP client, or the step-up was cancelled.
    if (isHttpError(error) && error.status === 403) return;
    notifier.notify('error', (isHttpError(error) && serverMessage(error.body)) || t('common.unknownError'));
  };
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => patchPasskey(services, id, name),
    onSuccess: setStatus,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deletePasskey(services, id),
    onSuccess: (status) => {
      setStatus(status);
      notifier.notify('success', t('profile.security.passkeys.removed'));
    },
    onError: fail,
  });
  return { rename, remove };
}
