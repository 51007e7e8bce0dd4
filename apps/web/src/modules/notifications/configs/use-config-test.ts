import type { ConfigTestResult } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useServices } from '../../../app/services-context';
import type { FormValues } from '../../../forms/resource-form/form-values';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { type ConfigScreen, checkConfig, sendConfigTest } from './config-screens';

export interface ShownResult extends ConfigTestResult {
  action: 'check' | 'send';
}

/**
 * "Test connection" and "Send test" of the values in the form, saved or not. The form's values are
 * read through the form's own schema, so what is tried is exactly what Save would store.
 */
export function useConfigTest(screen: ConfigScreen, id: number | null) {
  const services = useServices();
  const { t } = useTranslation();
  const values = useRef<FormValues>({});
  const [to, setTo] = useState('');
  const [result, setResult] = useState<ShownResult | null>(null);

  const onValuesChange = useCallback((next: FormValues) => {
    values.current = next;
  }, []);

  const run = useMutation({
    mutationFn: async (action: 'check' | 'send'): Promise<ShownResult> => {
      const parsed = screen.form.updateSchema.safeParse(values.current);
      if (!parsed.success) return { action, ok: false, message: t('notifications.configs.test.fixForm') };
      const body = { id, config: parsed.data };
      const answer =
        action === 'check'
          ? await checkConfig(services, screen, body)
          : await sendConfigTest(services, screen, { ...body, to: to.trim() });
      return { action, ...answer };
    },
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (failure, action) => {
      const fields = fieldErrorsOf(failure);
      const message = fields
        ? Object.values(joinFieldErrors(fields)).join(', ')
        : (isHttpError(failure) && serverMessage(failure.body)) || t('common.unknownError');
      setResult({ action, ok: false, message });
    },
  });

  return {
    onValuesChange,
    to,
    setTo,
    result,
    running: run.isPending ? run.variables : undefined,
    check: () => run.mutate('check'),
    send: () => run.mutate('send'),
  };
}

export type ConfigTest = ReturnType<typeof useConfigTest>;
