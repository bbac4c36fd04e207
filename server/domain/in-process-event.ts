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
