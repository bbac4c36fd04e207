import { indiaDate } from "#contracts/india-time.ts";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cardDailyStats, cardSourceStats } from "#server/db/schema/business.ts";
import type { SourceEvent, SourceRef } from "#contracts/card-sources.ts";
import type { Logger } from "./logger.ts";

/**
 * Views, taps and contact saves of public cards, counted in memory and written in batches
 * (ADR 0008): a busy card costs one upsert per flush, not one write per visitor. Counts wait at
 * most FLUSH_MS in memory; shutdown flushes what is left (server/main.ts). A crash loses at
 * most those few seconds of counts, which is acceptable for a dashboard tally.
 */
export type StatKind = "views" | "taps" | "saves";
type CardRef = { cardNo: number; agencyId: number };
type Pending = CardRef & { day: string; views: number; taps: number; saves: number };
/** A counter by source (ADR 0068): one row per (business, day, source, greeting, event). */
type PendingSource = { businessId: number; agencyId: number; day: string; source: SourceRef["source"]; greetingId: number; event: SourceEvent; count: number };

export const FLUSH_MS = 5000;
/** A batch that keeps failing (e.g. its card was hard-deleted) is dropped after this many tries. */
const MAX_ATTEMPTS = 3;

export class CardStatsBuffer {
  private pending = new Map<string, Pending>();
  private pendingSources = new Map<string, PendingSource>();
  private timer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: { now: () => Date; logger?: Logger; flushMs?: number },
  ) {}

  add(ref: CardRef, kind: StatKind, n = 1) {
    this.merge({ ...ref, day: indiaDate(this.opts.now()), views: 0, taps: 0, saves: 0, [kind]: n });
    this.schedule();
  }

  private schedule() {
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((err) => this.opts.logger?.error("Writing card counters failed", { error: String(err) }));
      }, this.opts.flushMs ?? FLUSH_MS);
      this.timer.unref();
    }
  }

  /** One event by where the visitor came from (issue 25): written with the next batch. */
  addSource(ref: { businessId: number; agencyId: number }, from: SourceRef, event: SourceEvent, n = 1) {
    this.mergeSource({ ...ref, day: indiaDate(this.opts.now()), source: from.source, greetingId: from.greetingId, event, count: n });
    this.schedule();
  }

  /** How many counter rows wait to be written. */
  get size() {
    return this.pending.size + this.pendingSources.size;
  }

  /** Write everything counted so far. Flushes run one after another, never side by side. */
  flush(): Promise<void> {
    const next = this.running.then(() => this.write());
    this.running = next.catch(() => {});
    return next;
  }

  private merge(p: Pending) {
    const key = `${p.cardNo}|${p.day}`;
    const row = this.pending.get(key);
    if (!row) this.pending.set(key, { ...p });
    else {
      row.views += p.views;
      row.taps += p.taps;
      row.saves += p.saves;
    }
  }

  private mergeSource(p: PendingSource) {
    const key = `${p.businessId}|${p.day}|${p.source}|${p.greetingId}|${p.event}`;
    const row = this.pendingSources.get(key);
    if (!row) this.pendingSources.set(key, { ...p });
    else row.count += p.count;
  }

  private async write() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const rows = [...this.pending.values()];
    const sources = [...this.pendingSources.values()];
    if (!rows.length && !sources.length) return;
    this.pending.clear();
    this.pendingSources.clear();
    try {
      await this.db.transaction(async (tx) => {
        if (sources.length) {
          await tx
            .insert(cardSourceStats)
            .values(sources)
            .onConflictDoUpdate({
              target: [cardSourceStats.businessId, cardSourceStats.day, cardSourceStats.source, cardSourceStats.greetingId, cardSourceStats.event],
              set: { count: sql`${cardSourceStats.count} + excluded.count` },
            });
        }
        if (!rows.length) return;
        await tx
          .insert(cardDailyStats)
          .values(rows.map(({ cardNo, agencyId, day, views, taps, saves }) => ({ cardNo, agencyId, day, views, taps, saves })))
          .onConflictDoUpdate({
            target: [cardDailyStats.cardNo, cardDailyStats.day],
            set: {
              views: sql`${cardDailyStats.views} + excluded.views`,
              taps: sql`${cardDailyStats.taps} + excluded.taps`,
              saves: sql`${cardDailyStats.saves} + excluded.saves`,
            },
          });
        const views = new Map<number, number>();
        for (const r of rows) if (r.views) views.set(r.cardNo, (views.get(r.cardNo) ?? 0) + r.views);
        if (views.size) {
          // Raw SQL on purpose: the query builder's update would also bump updated_at (a view is not an edit).
          const values = sql.join(
            [...views].map(([cardNo, n]) => sql`(${cardNo}::int, ${n}::int)`),
            sql`, `,
          );
          await tx.execute(sql`update cards set view_count = cards.view_count + v.n from (values ${values}) as v(card_no, n) where cards.card_no = v.card_no`);
        }
      });
      this.attempts = 0;
    } catch (err) {
      this.attempts += 1;
      if (this.attempts < MAX_ATTEMPTS) {
        for (const r of rows) this.merge(r);
        for (const r of sources) this.mergeSource(r);
        this.schedule(); // try again with the next batch
      } else {
        this.attempts = 0;
        this.opts.logger?.error("Dropped card counters after repeated failures", { rows: rows.length + sources.length });
      }
      throw err;
    }
  }
}

/** One buffer per database (the server has one; each test file has its own). */
const buffers = new Map<Db, CardStatsBuffer>();

export function cardStats(db: Db, opts: { now: () => Date; logger?: Logger }) {
  let b = buffers.get(db);
  if (!b) {
    b = new CardStatsBuffer(db, opts);
    buffers.set(db, b);
  }
  return b;
}

/** Flush every buffer (shutdown, tests). */
export async function flushCardStats(db?: Db) {
  const targets = db ? [buffers.get(db)].filter((b): b is CardStatsBuffer => !!b) : [...buffers.values()];
  await Promise.all(targets.map((b) => b.flush()));
}
