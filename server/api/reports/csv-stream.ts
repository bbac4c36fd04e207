import { escapeLiteral, type Pool } from "pg";
import { to as copyTo } from "pg-copy-streams";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * CSV reports streamed from the database (ADR 0017): PostgreSQL writes every row with
 * `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`, so formatting is its job, never a row object in
 * JavaScript. The stream is pulled: a chunk is read from the database only when the client has
 * taken the previous one (Hono's node server waits for `drain`), so memory stays flat.
 */

/** UTF-8 byte order mark: Excel then reads ₹ and Devanagari names as UTF-8. */
export const BOM = "\uFEFF";
/** Rows per COPY in batch mode. */
const BATCH_ROWS = 2000;
/** COPY streams held at once by this process; more concurrent downloads go in batches (no connection held). */
const MAX_HELD_CONNECTIONS = 2;
let held = 0;

/**
 * OWASP CSV injection: a text cell starting with = + - @ tab or CR gets a leading '. A signed
 * whole number ("+919876543210", "-1") cannot carry a formula and stays as it is, so phone
 * numbers are not spoiled. Done in the SELECT, since COPY writes what the query returns.
 */
export const safeText = (value: SQL) =>
  sql`(case when (${value}) ~ '^[-=+@\\t\\r]' and (${value}) !~ '^[-+]?[0-9]+$' then '''' || (${value}) else (${value}) end)`;

/** A day in India's time (the product's customers), as text: YYYY-MM-DD. */
export const istDay = (value: SQL | unknown) => sql`to_char((${value} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/** COPY takes no bind parameters: drizzle's $n become literals (numbers checked, text escaped by pg). */
export function inlineParams(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
}
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return escapeLiteral(v.toISOString());
  if (typeof v === "string") return escapeLiteral(v);
  throw new Error(`A report query cannot inline a ${typeof v} parameter.`);
}

const poolOf = (db: Db) => (db as unknown as { $client: Pool }).$client;

/** One COPY on its own connection; a connection left mid-COPY (client gone, error) is closed, not reused. */
async function* copy(pool: Pool, select: string): AsyncGenerator<Uint8Array> {
  const client = await pool.connect();
  let done = false;
  try {
    const rows = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
    for await (const chunk of rows) yield chunk as Uint8Array;
    done = true;
  } finally {
    client.release(!done);
  }
}

export type CsvReport = {
  header: readonly string[];
  /** The whole report's SELECT, newest first (keyed rows, key descending). */
  select: () => { sql: string; params: unknown[] };
  /** Batch mode: the next keys after `before` (descending), and the SELECT of those rows. */
  keys: (before: number | undefined, limit: number) => Promise<number[]>;
  selectKeys: (keys: number[]) => { sql: string; params: unknown[] };
};

/**
 * One COPY for the whole report when the pool can spare a connection for as long as the client
 * takes to download; else (the embedded PGlite's single connection, or more downloads at once)
 * batches of BATCH_ROWS, each its own short COPY, the connection free in between.
 */
async function* rows(db: Db, report: CsvReport): AsyncGenerator<Uint8Array> {
  const pool = poolOf(db);
  if ((pool.options.max ?? 10) > 1 && held < MAX_HELD_CONNECTIONS) {
    held++;
    try {
      yield* copy(pool, inlineParams(report.select()));
    } finally {
      held--;
    }
    return;
  }
  let before: number | undefined;
  for (;;) {
    const keys = await report.keys(before, BATCH_ROWS);
    if (keys.length) yield* copy(pool, inlineParams(report.selectKeys(keys)));
    if (keys.length < BATCH_ROWS) return;
    before = keys.at(-1);
  }
}

const headerLine = (header: readonly string[]) => `${BOM}${header.map((h) => (/[",\n\r]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h)).join(",")}\n`;

/**
 * The report as a pull stream: the BOM and header, then the rows. A failure after the first
 * bytes cannot change the status any more: the download is cut short and `onError` logs why.
 */
export function csvStream(db: Db, report: CsvReport, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  async function* all() {
    yield new TextEncoder().encode(headerLine(report.header));
    yield* rows(db, report);
  }
  const it = all();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await it.next();
        } catch (err) {
          onError(err);
          controller.error(err);
          return;
        }
        try {
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch {
          // cancelled while this chunk was read: nothing to deliver it to
        }
      },
      async cancel() {
        await it.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export const csvHeaders = (fileName: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${fileName}"`,
  "cache-control": "no-store",
});
