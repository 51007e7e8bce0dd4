import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Services } from '../../app/services';
import { useServices } from '../../app/services-context';
import { isHttpError, serverMessage } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';

/**
 * A moderation call with its notices: success text on success, the server's text (a 422's reason,
 * say) on refusal; 403s are announced by the http layer. The named caches are refreshed either way.
 */
export function useChatAction<Input, Output>(options: {
  run: (services: Services, input: Input) => Promise<Output>;
  success: string;
  refresh: readonly QueryKey[];
  onDone?: (output: Output) => void;
}) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (input: Input) => options.run(services, input),
    onSuccess: (output) => {
      notifier.notify('success', options.success);
      options.onDone?.(output);
    },
    onError: (error) => {
      if (isHttpError(error) && error.status === 403) return;
      const text = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
      notifier.notify('error', text ?? t('common.unknownError'));
    },
    onSettled: () => {
      for (const key of options.refresh) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
