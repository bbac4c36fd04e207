import type { Db } from "./client.ts";

/** The handle inside `db.transaction(async (tx) => …)`: functions that must run in the caller's transaction take it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
