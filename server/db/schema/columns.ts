import { integer, timestamp } from "drizzle-orm/pg-core";

/** Shared column helpers: every timestamp is timezone-aware, ids are identity integers. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const tstz = () => timestamp({ withTimezone: true, mode: "date" });
export const createdAt = () => tstz().notNull().defaultNow();
export const updatedAt = () =>
  tstz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
