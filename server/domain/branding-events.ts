import { inProcessEvent } from "./in-process-event.ts";

/** "An agency's branding changed": the public card page's micro-cache empties itself (ADR 0019). */
const brandingEvent = inProcessEvent<{ agencyId: number }>();
export const onBrandingChanged = brandingEvent.on;
export const brandingChanged = brandingEvent.emit;
