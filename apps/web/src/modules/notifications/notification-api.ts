import {
  type EmailQueueCounts,
  type EmailQueueDetail,
  type EmailRetryResult,
  emailQueueResource,
  type SendResponse,
  type TemplatePreview,
  type TemplatePreviewRequest,
  type TemplateTestRequest,
  type TranslationCompleteness,
  templatesResource,
  translationsResource,
} from '@pult/contract';
import type { Services } from '../../app/services';
import { resourceKeys } from '../../resources/resource-api';

/** The notification service's calls beyond the generic resource ones. */
const queueUrl = (services: Services, path = '') =>
  services.serviceUrl('notification', `${emailQueueResource.path}${path}`);

/** Under each resource's own key, so saving or deleting a record refreshes them too. */
export const notificationKeys = {
  counts: [...resourceKeys.all(emailQueueResource), 'counts'] as const,
  completeness: [...resourceKeys.all(translationsResource), 'completeness'] as const,
};

export function fetchQueueCounts(services: Services, signal?: AbortSignal): Promise<EmailQueueCounts> {
  return services.http.get(queueUrl(services, '/counts'), { signal });
}

export function retryEmail(services: Services, id: number): Promise<EmailQueueDetail> {
  return services.http.post(queueUrl(services, `/${id}/retry`));
}

export function cancelEmail(services: Services, id: number): Promise<EmailQueueDetail> {
  return services.http.post(queueUrl(services, `/${id}/cancel`));
}

/** Retries the failed e-mails matching the list's own filters (`filter[…]` parameters). */
export function retryFailedEmails(
  services: Services,
  filters: Record<string, string>,
): Promise<EmailRetryResult> {
  const query = Object.fromEntries(
    Object.entries(filters).map(([field, value]) => [`filter[${field}]`, value]),
  );
  return services.http.post(queueUrl(services, '/retry-failed'), undefined, { query });
}

export function previewTemplate(
  services: Services,
  request: TemplatePreviewRequest,
  signal?: AbortSignal,
): Promise<TemplatePreview> {
  return services.http.post(
    services.serviceUrl('notification', `${templatesResource.path}/preview`),
    request,
    {
      signal,
    },
  );
}

export function sendTemplateTest(
  services: Services,
  id: number,
  request: TemplateTestRequest,
): Promise<SendResponse> {
  return services.http.post(
    services.serviceUrl('notification', `${templatesResource.path}/${id}/send-test`),
    request,
  );
}

export function fetchCompleteness(
  services: Services,
  signal?: AbortSignal,
): Promise<TranslationCompleteness> {
  return services.http.get(services.serviceUrl('notification', `${translationsResource.path}/completeness`), {
    signal,
  });
}
