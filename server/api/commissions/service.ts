/*
 * The commissions domain's surface (ADR 0069): the follower payments runs inside a plan payment's
 * grant and reversal, handed over by the composition root (server/api/ledgers.ts).
 */
export { commissionFollower, commissionOf } from "./ledger.ts";
