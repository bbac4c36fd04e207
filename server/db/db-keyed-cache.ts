import type { Db } from "./client.ts";

/**
 * A small cache of answers read from a database. The database is part of the key: one process
 * may serve several (the test runner keeps its workers' modules across test files, each with its
 * own copy of the data), and an answer from one must never be served for another.
 * `delete(key)` drops the key for every database (a change event names rows, not databases).
 */
export function createDbKeyedCache<K, V>(maxEntries: number) {
  const entries = new Map<K, WeakMap<Db, V>>();
  return {
    get: (db: Db, key: K) => entries.get(key)?.get(db),
    set(db: Db, key: K, value: V) {
      if (entries.size > maxEntries) entries.clear();
      let perDb = entries.get(key);
      if (!perDb) entries.set(key, (perDb = new WeakMap()));
      perDb.set(db, value);
    },
    delete: (key: K) => entries.delete(key),
  };
}
