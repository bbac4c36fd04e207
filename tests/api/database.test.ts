/**
 * The database connection (server/db/client.ts, ADR 0014): parameterised statements run as
 * named prepared statements, and keep working after a query error replaced the connection
 * (PGlite's one session outlives it, with the statements the old connection prepared).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

/** Counts, while it runs, the named prepared statements holding its own text (0 if it runs unnamed). */
async function preparedCopiesOfItself(marker: number) {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as n from pg_prepared_statements where statement like '%prepared-probe%' and ${marker}::int > 0 -- prepared-probe`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
}

test("a parameterised statement runs as a named prepared statement", async () => {
  expect(await preparedCopiesOfItself(1)).toBe(1);
  expect(await preparedCopiesOfItself(2)).toBe(1);
});

test("after a failed query replaced the connection, known statements are prepared again and run", async () => {
  expect(await preparedCopiesOfItself(1)).toBe(1);
  await expect(t.db.execute(sql`select 1 / ${0}::int`)).rejects.toMatchObject({ cause: { code: "22012" } }); // division by zero
  expect(await preparedCopiesOfItself(3)).toBe(1);
  const { rows } = (await t.db.execute(sql`select ${41}::int + 1 as answer`)) as unknown as { rows: { answer: number }[] };
  expect(rows[0].answer).toBe(42);
});
