import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.ts";

/**
 * The built-in test gateway's orders and payments (ADR 0034, ADR 0039), in Razorpay's JSON shapes.
 * In the database, not in one process's memory: an order made through one app process is paid
 * and checked through any other.
 */
export const testGatewayEntities = pgTable(
  "test_gateway_entities",
  {
    /** order_…, pay_… or plink_… */
    id: text().primaryKey(),
    entity: text({ enum: ["order", "payment", "payment_link"] }).notNull(),
    /** A payment's order (null for an order). */
    orderId: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("test_gateway_entities_order_idx").on(t.orderId)],
);

/**
 * A running job's heartbeat (ADR 0039): the process running it touches `beatAt` every few
 * seconds. A job whose heartbeat stopped (its process was killed) is failed back to the queue
 * by any other process within a minute, instead of waiting for the queue's 15-minute expiry.
 */
export const jobHeartbeats = pgTable("job_heartbeats", {
  /** pg-boss's job id. */
  jobId: text().primaryKey(),
  jobName: text().notNull(),
  beatAt: tstz().notNull().defaultNow(),
});
