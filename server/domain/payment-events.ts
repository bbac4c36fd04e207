import type { Db } from "#server/db/client.ts";
import { inProcessTask } from "./in-process-event.ts";

/**
 * "A card was paid for" (a plan granted, by hand or online), after its transaction committed.
 * Billing listens and adds the card to its agency's running month bill at once, so the bill grows
 * as cards are paid, not only at the nightly run or the platform's Generate (ADR 0044). Payments
 * cannot call billing itself: billing already calls payments (its own online payments).
 */
const cardPaidTask = inProcessTask<{ db: Db; agencyId: number; at: Date }>();
export const onCardPaid = cardPaidTask.on;
export const cardPaid = cardPaidTask.run;
