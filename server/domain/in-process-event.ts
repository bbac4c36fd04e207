/**
 * An event within this process (a card changed, an agency's branding changed): caches listen and
 * drop what they hold. Other instances rely on their caches' short lifetimes (ADR 0008).
 */
export function inProcessEvent<T>() {
  const listeners = new Set<(ref: T) => void>();
  return {
    on(listener: (ref: T) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(ref: T) {
      for (const l of listeners) l(ref);
    },
  };
}

/**
 * Like `inProcessEvent`, but its listeners do work the caller waits for (a payment's bill line,
 * ADR 0044). A listener's failure is returned, not thrown: what the caller already committed
 * stands, and the caller decides whether to log it.
 */
export function inProcessTask<T>() {
  const listeners = new Set<(ref: T) => Promise<unknown>>();
  return {
    on(listener: (ref: T) => Promise<unknown>) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async run(ref: T): Promise<unknown[]> {
      const results = await Promise.allSettled([...listeners].map((l) => l(ref)));
      return results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    },
  };
}
