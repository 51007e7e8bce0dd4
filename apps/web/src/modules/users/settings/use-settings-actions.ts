import type { RegenerateApiKeysResponse } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZodError } from 'zod';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { notifier } from '../../../notify/notifier';
import { apiKeysQueryKey, regenerateApiKeys, revokeUserTokens } from './settings-api';

export type SettingsAction = 'revokeUserTokens' | 'regenerateApiKeys';
export type NewApiKey = RegenerateApiKeysResponse['keys'][number];

/**
 * The two platform-wide actions of the settings screen (spec §6), each confirmed first. New API keys
 * are kept only in this state, to be shown once: the server stores them hashed.
 */
export function useSettingsActions() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<SettingsAction | null>(null);
  const [newKeys, setNewKeys] = useState<readonly NewApiKey[] | null>(null);

  const notifyFailure = (error: unknown) => {
    // A 403 has already been announced by the HTTP client.
    if (isHttpError(error) && error.status === 403) return;
    if (error instanceof ZodError) {
      notifier.notify('error', t('common.unexpectedResponse'));
      return;
    }
    const message = isHttpError(error) && error.status !== 0 ? serverMessage(error.body) : null;
    notifier.notify('error', message ?? t('common.unknownError'));
  };

  const revoke = useMutation({
    mutationFn: () => revokeUserTokens(services),
    onSuccess: (result) => notifier.notify('success', result.message),
    onError: notifyFailure,
  });

  const regenerate = useMutation({
    mutationFn: () => regenerateApiKeys(services),
    onSuccess: (result) => {
      setNewKeys(result.keys);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    onError: notifyFailure,
  });

  return {
    confirming,
    ask: (action: SettingsAction) => setConfirming(action),
    cancel: () => setConfirming(null),
    confirm: () => {
      if (confirming === 'revokeUserTokens') revoke.mutate();
      if (confirming === 'regenerateApiKeys') regenerate.mutate();
      setConfirming(null);
    },
    revoking: revoke.isPending,
    regenerating: regenerate.isPending,
    newKeys,
    closeNewKeys: () => setNewKeys(null),
  };
}
