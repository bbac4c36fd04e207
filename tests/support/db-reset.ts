/**
 * Puts a used PGlite copy back to the template's state, so the next test file in the same worker
 * reuses it: opening a new in-memory copy costs about 2.4 s of CPU on this machine (PostgreSQL's
 * start inside WebAssembly), a reset about a tenth of that (ADR 0005).
 *
 * The script is made once from the seeded template: every table's rows as JSON, every sequence's
 * position. A reset empties every table and writes them back in one transaction, with foreign
 * keys unchecked while it does (session_replication_role = replica; the rows were consistent).
 * When a file changed the shape (a table added or dropped), the reset says so and the harness
 * opens a fresh copy instead.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

export type ResetScript = { shape: string; sql: string };

const TABLES = sql`
  select n.nspname as schema, c.relname as name, c.oid::int as oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function tablesOf(db: Db) {
  const { rows } = (await db.execute(TABLES)) as unknown as { rows: { schema: string; name: string; oid: number }[] };
  return { rows, shape: rows.map((r) => `${r.schema}.${r.name}`).join(",") };
}

/** The script that restores this database's current contents (run on the seeded template). */
export async function resetScriptOf(db: Db): Promise<ResetScript> {
  const { rows: tables, shape } = await tablesOf(db);
  const tag = `$r${Math.random().toString(36).slice(2, 10)}$`;
  const parts = ["set local session_replication_role = replica;", `truncate table ${tables.map((t) => `${ident(t.schema)}.${ident(t.name)}`).join(", ")};`];
  for (const t of tables) {
    const name = `${ident(t.schema)}.${ident(t.name)}`;
    const { rows: data } = (await db.execute(sql.raw(`select count(*)::int as n, coalesce(json_agg(x), '[]'::json)::text as j from ${name} x`))) as unknown as {
      rows: { n: number; j: string }[];
    };
    if (!data[0].n) continue;
    if (data[0].j.includes(tag)) throw new Error(`The reset's quote tag occurs in ${name}'s data`);
    const { rows: cols } = (await db.execute(
      sql`select attname as name from pg_attribute where attrelid = ${t.oid} and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    )) as unknown as { rows: { name: string }[] };
    const list = cols.map((c) => ident(c.name)).join(", ");
    parts.push(`insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${tag}${data[0].j}${tag});`);
  }
  const { rows: sequences } = (await db.execute(
    sql`select schemaname as schema, sequencename as name, last_value::text as last, start_value::text as start from pg_sequences`,
  )) as unknown as { rows: { schema: string; name: string; last: string | null; start: string }[] };
  for (const s of sequences) {
    const name = `'${ident(s.schema)}.${ident(s.name)}'`;
    parts.push(s.last === null ? `select setval(${name}, ${s.start}, false);` : `select setval(${name}, ${s.last}, true);`);
  }
  return { shape, sql: parts.join("\n") };
}

/** Restores the template's contents; false when the tables differ from the template's (open a fresh copy). */
export async function resetTo(db: Db, script: ResetScript): Promise<boolean> {
  if ((await tablesOf(db)).shape !== script.shape) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(script.sql));
  });
  // Session state a file may have left on the one connection.
  await db.execute(sql.raw("reset all; select pg_advisory_unlock_all();"));
  return true;
}
