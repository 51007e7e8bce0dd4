import { adminsResource, type MfaResetResult } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services-context';
import { isHttpError, serverMessage } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';

/**
 * "Reset second factor" of another administrator (POST …/admins/{id}/mfa-reset), confirmed first;
 * the server asks for the acting admin's own fresh factor through the step-up dialog.
 */
export function useResetFactor(adminId: number) {
  const { http, serviceUrl } = useServices();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () =>
      http.post<MfaResetResult>(serviceUrl('auth', `${adminsResource.path}/${adminId}/mfa-reset`)),
    onSuccess: (result) => {
      const key = result.removed_totp ? 'admins.resetFactor.done' : 'admins.resetFactor.none';
      notifier.notify('success', t(key, { count: result.ended_sessions }));
    },
    onError: (error) => {
      // A 403 was announced by the HTTP client (or the step-up was cancelled).
      if (isHttpError(error) && error.status === 403) return;
      notifier.notify('error', (isHttpError(error) && serverMessage(error.body)) || t('common.unknownError'));
    },
    onSettled: () => setConfirming(false),
  });
  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm: () => reset.mutate(),
    busy: reset.isPending,
  };
}
