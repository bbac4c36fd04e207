import { addDays, indiaDate } from "#contracts/india-time.ts";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { cardSourceStats } from "#server/db/schema/business.ts";
import { imagePosts, imageSubcategories } from "#server/db/schema/content.ts";
import { CARD_SOURCES, type CardSource, type SourceEvent } from "#contracts/card-sources.ts";

/*
 * The card's week by where its visitors came from (issue 25, ADR 0068): visits, contact saves,
 * calls, WhatsApp taps and enquiries per source, and the greeting that brought the most visits.
 * Weeks run Monday to Sunday on India's calendar (the report goes out Monday 09:00 India time).
 */

export type Counts = Record<SourceEvent, number>;
const zero = (): Counts => ({ visit: 0, save: 0, call: 0, whatsapp: 0, enquiry: 0 });


/** The Monday (YYYY-MM-DD) of an India calendar day's week. */
export function weekStartOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The Monday of the week before `now`'s (India time): the week a Monday-morning report is about. */
export const lastWeekStart = (now: Date) => addDays(weekStartOf(indiaDate(now)), -7);

export type WeekReport = {
  weekStart: string;
  weekEnd: string;
  totals: Counts;
  bySource: (Counts & { source: CardSource })[];
  topGreeting: { greetingId: number; name: string | null; imageUrl: string | null; visits: number; actions: number } | null;
};

/**
 * `weeks` weeks of a business's counters, newest first, the newest being the week that starts
 * on `lastMonday`. The caller has checked the caller may see the business.
 */
export async function cardWeeks(db: Db | Tx, agencyId: number, businessId: number, lastMonday: string, weeks: number): Promise<WeekReport[]> {
  const from = addDays(lastMonday, -7 * (weeks - 1));
  const to = addDays(lastMonday, 6);
  const s = cardSourceStats;
  const rows = await db
    .select({ day: s.day, source: s.source, greetingId: s.greetingId, event: s.event, count: s.count })
    .from(s)
    .where(and(eq(s.agencyId, agencyId), eq(s.businessId, businessId), gte(s.day, from), lte(s.day, to)));
  const out: WeekReport[] = [];
  const greetingsByWeek = new Map<string, Map<number, Counts>>();
  for (let i = 0; i < weeks; i++) {
    const weekStart = addDays(lastMonday, -7 * i);
    out.push({ weekStart, weekEnd: addDays(weekStart, 6), totals: zero(), bySource: CARD_SOURCES.map((source) => ({ source, ...zero() })), topGreeting: null });
    greetingsByWeek.set(weekStart, new Map());
  }
  const byStart = new Map(out.map((w) => [w.weekStart, w]));
  for (const r of rows) {
    const week = byStart.get(weekStartOf(r.day));
    if (!week) continue;
    week.totals[r.event] += r.count;
    week.bySource.find((b) => b.source === r.source)![r.event] += r.count;
    if (r.source === "greeting" && r.greetingId) {
      const g = greetingsByWeek.get(week.weekStart)!;
      const c = g.get(r.greetingId) ?? zero();
      c[r.event] += r.count;
      g.set(r.greetingId, c);
    }
  }
  // Which greeting brought the most: visits first, then what those visitors did.
  const actions = (c: Counts) => c.save + c.call + c.whatsapp + c.enquiry;
  const tops = new Map<string, { greetingId: number; c: Counts }>();
  for (const [weekStart, g] of greetingsByWeek) {
    let best: { greetingId: number; c: Counts } | null = null;
    for (const [greetingId, c] of g) {
      if (!best || c.visit > best.c.visit || (c.visit === best.c.visit && (actions(c) > actions(best.c) || (actions(c) === actions(best.c) && greetingId < best.greetingId)))) best = { greetingId, c };
    }
    if (best) tops.set(weekStart, best);
  }
  const ids = [...new Set([...tops.values()].map((t) => t.greetingId))];
  const posts = ids.length
    ? await db
        .select({ imageId: imagePosts.imageId, agencyId: imagePosts.agencyId, url: imagePosts.lowQualityUrl, fullUrl: imagePosts.url, name: imageSubcategories.name })
        .from(imagePosts)
        .leftJoin(imageSubcategories, eq(imageSubcategories.imageSubcategoryId, imagePosts.imageSubcategoryId))
        .where(inArray(imagePosts.imageId, ids))
    : [];
  // A post of another agency (never on this agency's frames) shows no name or picture.
  const postOf = new Map(posts.filter((p) => p.agencyId === null || p.agencyId === agencyId).map((p) => [p.imageId, p]));
  for (const w of out) {
    const t = tops.get(w.weekStart);
    if (!t) continue;
    const p = postOf.get(t.greetingId);
    w.topGreeting = { greetingId: t.greetingId, name: p?.name ?? null, imageUrl: p ? (p.url ?? p.fullUrl) : null, visits: t.c.visit, actions: actions(t.c) };
  }
  return out;
}

/** The dashboard's report: this week so far and the weeks before it. */
export const cardReport = (db: Db, agencyId: number, businessId: number, now: Date, weeks: number) =>
  cardWeeks(db, agencyId, businessId, weekStartOf(indiaDate(now)), weeks);

