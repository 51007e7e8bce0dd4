/**
 * Between the HTTP client, which learns that a dangerous action needs the administrator to confirm
 * it is them (403 `step_up_required`), and the dialog that asks. Requests refused at the same time
 * share one dialog: each waits for its answer, then is sent again (or given up when it is cancelled).
 */
export interface StepUpBroker {
  /** Opens the dialog (or joins the open one); true once the administrator has confirmed. */
  confirm(): Promise<boolean>;
  /** The dialog's answer: confirmed, or cancelled. */
  settle(confirmed: boolean): void;
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createStepUpBroker(): StepUpBroker {
  const listeners = new Set<() => void>();
  let waiting: { promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    confirm() {
      if (!waiting) {
        let resolve: (confirmed: boolean) => void = () => {};
        const promise = new Promise<boolean>((done) => {
          resolve = done;
        });
        waiting = { promise, resolve };
        notify();
      }
      return waiting.promise;
    },
    settle(confirmed) {
      const current = waiting;
      if (!current) return;
      waiting = null;
      current.resolve(confirmed);
      notify();
    },
    isOpen: () => waiting !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
