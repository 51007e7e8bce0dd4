import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '../../../app/lazy-with-retry';
import { useServices } from '../../../app/services-context';

// Its own chunk: most sessions never take a dangerous action.
const StepUpDialog = lazyWithRetry(() => import('./step-up-dialog'));

/** Shows the step-up dialog whenever a refused dangerous action is waiting for it. */
export function StepUpDialogHost() {
  const { stepUp } = useServices();
  const open = useSyncExternalStore(stepUp.subscribe, stepUp.isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onSettle={stepUp.settle} />
    </Suspense>
  );
}
