import { type Locale, templateTestRequestSchema } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../../app/services-context';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { notificationKeys, sendTemplateTest } from '../notification-api';

/** The "Send test" dialog's state: an address, a language, and the request through the queue. */
export function useSendTest(templateId: number, initialLanguage: Locale) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<Locale>(initialLanguage);
  const [error, setError] = useState<string | undefined>();

  const send = useMutation({
    mutationFn: () => sendTemplateTest(services, templateId, { to: to.trim(), language }),
    onSuccess: ({ id }) => {
      notifier.notify('success', t('notifications.templates.test.queued', { id }));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.counts });
    },
    onError: (failure) => {
      if (isHttpError(failure) && failure.status === 403) return;
      const fields = fieldErrorsOf(failure);
      if (fields) {
        const texts = joinFieldErrors(fields);
        setError(texts.to ?? Object.values(texts).join(', '));
        return;
      }
      notifier.notify(
        'error',
        (isHttpError(failure) && serverMessage(failure.body)) || t('common.unknownError'),
      );
    },
  });

  return {
    open,
    show: () => {
      setError(undefined);
      setOpen(true);
    },
    close: () => setOpen(false),
    to,
    setTo: (value: string) => {
      setTo(value);
      setError(undefined);
    },
    language,
    setLanguage,
    error,
    submit: () => {
      const checked = templateTestRequestSchema.safeParse({ to: to.trim(), language });
      if (!checked.success) {
        setError(t(`errors.${checked.error.issues[0]?.message ?? 'emailInvalid'}` as 'errors.emailInvalid'));
        return;
      }
      send.mutate();
    },
    sending: send.isPending,
  };
}
