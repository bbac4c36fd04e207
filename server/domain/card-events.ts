/**
 * "A card changed" within this process: the public card page's micro-cache listens and drops
 * its copy at once, so an owner sees an edit on the next load. Other instances rely on the
 * cache's short lifetime (ADR 0008).
 */
type CardRef = { agencyId: number; cardId: string };
const listeners = new Set<(ref: CardRef) => void>();

export function onCardChanged(listener: (ref: CardRef) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function cardChanged(ref: CardRef) {
  for (const l of listeners) l(ref);
}
