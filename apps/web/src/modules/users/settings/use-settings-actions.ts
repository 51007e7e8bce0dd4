import type { RegenerateApiKeysResponse } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ZodError } from 'zod';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { apiKeysQueryKey, regenerateApiKeys, revokeUserTokens } from './settings-api';

export type SettingsAction = 'revokeUserTokens' | 'regenerateApiKeys';
export type NewApiKey = RegenerateApiKeysResponse['keys'][number];

/**
 * The two platform-wide actions of the settings screen (spec §6), each confirmed first. New API keys
 * live only in the regenerate mutation's result, to be shown once (the server stores them hashed),
 * and are dropped from it as soon as their dialog closes.
 */
export function useSettingsActions() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<SettingsAction | null>(null);

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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    onError: notifyFailure,
    // Should the screen go away with the keys still shown, the cache must not keep them for minutes.
    gcTime: 0,
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
    newKeys: regenerate.data?.keys ?? null,
    // The keys must not linger in memory once the administrator has saved them.
    closeNewKeys: () => regenerate.reset(),
  };
}
