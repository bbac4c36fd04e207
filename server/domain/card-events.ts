import { inProcessEvent } from "./in-process-event.ts";

/**
 * "A card changed": the public card page's micro-cache drops its copy at once, so an owner sees
 * an edit on the next load (ADR 0008).
 */
const cardEvent = inProcessEvent<{ agencyId: number; cardId: string }>();
export const onCardChanged = cardEvent.on;
export const cardChanged = cardEvent.emit;
