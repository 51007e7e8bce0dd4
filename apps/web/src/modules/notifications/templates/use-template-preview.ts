import { INPUT_DEBOUNCE_MS, type TemplatePreviewRequest } from '@pult/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useServices } from '../../../app/services-context';
import type { FormValues } from '../../../forms/resource-form/form-values';
import { useDebouncedCallback } from '../../../table/use-debounced-callback';
import { previewTemplate } from '../notification-api';
import { toPreviewRequest } from './preview-request';

/**
 * The live preview of the template form: the inputs are sent to the server's renderer 300 ms after
 * typing stops; the previous rendering stays on screen while the next one loads. Nothing is sent
 * while `allowed` is false (the admin's grants do not include previewing).
 */
export function useTemplatePreview(allowed = true) {
  const services = useServices();
  const [request, setRequest] = useState<TemplatePreviewRequest | null>(null);
  const [dirty, setDirty] = useState(false);
  const started = useRef(false);
  const debounced = useDebouncedCallback(
    (next: TemplatePreviewRequest) => setRequest(next),
    INPUT_DEBOUNCE_MS,
  );
  const preview = useQuery({
    queryKey: ['notification', 'template-preview', request],
    queryFn: ({ signal }) => previewTemplate(services, request as TemplatePreviewRequest, signal),
    enabled: allowed && request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const onValuesChange = useCallback(
    (values: FormValues, isDirty: boolean) => {
      setDirty(isDirty);
      const next = toPreviewRequest(values);
      // The first rendering needs no wait.
      if (started.current) debounced.run(next);
      else setRequest(next);
      started.current = true;
    },
    [debounced],
  );
  return { preview, onValuesChange, dirty };
}
