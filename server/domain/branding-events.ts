/**
 * "An agency's branding changed" within this process: the public card page's micro-cache
 * listens and empties itself, so the next card page shows the new logo and colour. Other
 * instances catch up when their copies expire (a few seconds, ADR 0008).
 */
const listeners = new Set<(ref: { agencyId: number }) => void>();

export function onBrandingChanged(listener: (ref: { agencyId: number }) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function brandingChanged(ref: { agencyId: number }) {
  for (const l of listeners) l(ref);
}
