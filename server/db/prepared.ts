import type { Db } from "./client.ts";

/**
 * A drizzle prepared statement built once per database (ADR 0026), for the reads every public
 * page view makes: drizzle otherwise rebuilds the SQL text and its row mapping on each call.
 * Per database, because tests open many; the name must be unique per statement.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) byDb.set(db, (query = build(db)));
    return query;
  };
}
