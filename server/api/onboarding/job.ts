import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import type { Actor } from "#server/auth/roles.ts";
import { agencies, franchisees, users } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { businessImportRows, businessImports } from "#server/db/schema/onboarding.ts";
import type { Tx } from "#server/db/tx.ts";
import { toE164 } from "#contracts/phone.ts";
import { defineJob, type JobQueue, type QueueJob } from "#server/services/queue/index.ts";
import { queueMessages } from "#server/api/messages/service.ts";
import { agencyDefaultLanguage } from "#server/api/lib/request-language.ts";
import { ownerInvitationText } from "./owner-invite.ts";

/** One job per import; stately, so a double click on Import queues it once (ADR 0058). */
export const businessImportJob = defineJob<{ importId: number }>("onboarding.import", { policy: "stately", retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 30 * 60 });
/** The owners' set-a-password SMS of one import, sent after its businesses exist. */
export const ownerInvitesJob = defineJob<{ importId: number }>("onboarding.owner-invites", { policy: "stately", retryLimit: 5, retryDelaySeconds: 30 });

/**
 * How a business is made: POST /business's own insertBusiness (server/api/business/create.ts),
 * handed in by the composition root (server/jobs.ts), since business/service.ts re-exporting it
 * would close an import cycle through cards and payments (ADR 0058).
 */
export type MakeBusiness = (
  tx: Tx,
  actor: Actor,
  agencyId: number,
  userId: number,
  fields: { businessName: string; category: string | null; address: string | null; contactPerson: string | null; phoneNumber: string | null },
  opts: { createDigitalCard: boolean; notify: boolean },
  now: Date,
) => Promise<{ businessId: number }>;

/** Rows per transaction: a crash loses at most one batch's work, which the retry redoes. */
const BATCH = 200;

/**
 * Imports the rows the preview passed, in batches, each batch one transaction that also counts
 * its progress. Resumable: rows with an outcome are done, so a retry continues where it stopped.
 * Each row: the owner's account (found by phone, or made without a password), then the business
 * and its trial card through insertBusiness, the same path as POST /business. A row whose owner
 * and name exist by then is counted as existing, not made again.
 */
export async function runBusinessImport(
  deps: Pick<Deps, "db" | "now" | "queue" | "logger">,
  makeBusiness: MakeBusiness,
  job: Pick<QueueJob<{ importId: number }>, "data" | "isLastAttempt">,
  { batchSize = BATCH }: { batchSize?: number } = {},
) {
  const { db } = deps;
  const [imp] = await db.select().from(businessImports).where(eq(businessImports.importId, job.data.importId));
  if (!imp || imp.status === "done") return;
  const [uploader] = await db.select({ roles: franchisees.roles }).from(franchisees).where(eq(franchisees.id, imp.franchiseeId));
  const actor: Actor = { kind: "staff", sessionId: "import", franchiseeId: imp.franchiseeId, roles: uploader?.roles ?? ["admin"], permissions: [], hideBilling: false };
  await db.update(businessImports).set({ status: "running", startedAt: imp.startedAt ?? deps.now(), failure: null }).where(eq(businessImports.importId, imp.importId));
  try {
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const now = deps.now();
        // Two runs of one import (a retry while the first still runs, or a test's direct call
        // beside the worker) take turns batch by batch: the import's row is the lock. Skipping
        // locked rows instead let the second run see "nothing left" and mark the import done
        // while the first run's batch was not yet committed.
        await tx.select({ id: businessImports.importId }).from(businessImports).where(eq(businessImports.importId, imp.importId)).for("update");
        const rows = await tx
          .select()
          .from(businessImportRows)
          .where(and(eq(businessImportRows.importId, imp.importId), isNull(businessImportRows.error), isNull(businessImportRows.outcome)))
          .orderBy(asc(businessImportRows.rowNo))
          .limit(batchSize);
        if (!rows.length) return true;
        const phones = [...new Set(rows.map((r) => r.ownerPhone))];
        await tx
          .insert(users)
          .values(phones.map((phoneNumber) => ({ agencyId: imp.agencyId, phoneNumber })))
          .onConflictDoNothing();
        const owners = new Map(
          (await tx.select({ id: users.id, phone: users.phoneNumber }).from(users).where(and(eq(users.agencyId, imp.agencyId), inArray(users.phoneNumber, phones)))).map((u) => [u.phone!, u.id]),
        );
        // Serialise with POST /business for the same owners (its advisory lock), then look again.
        const ownerIds = [...owners.values()].sort((a, b) => a - b);
        await tx.execute(sql`select pg_advisory_xact_lock(${0x62757369}::int, id) from unnest(${`{${ownerIds.join(",")}}`}::int[]) as id order by id`);
        const there = new Set(
          (
            await tx
              .select({ userId: businesses.userId, name: businesses.businessName })
              .from(businesses)
              .where(and(eq(businesses.agencyId, imp.agencyId), isNull(businesses.deletedAt), inArray(businesses.userId, [...owners.values()])))
          ).map((b) => `${b.userId}:${b.name.trim().toLowerCase()}`),
        );
        let created = 0;
        let existing = 0;
        const outcomes: { row_no: number; outcome: "created" | "exists"; user_id: number; business_id: number | null }[] = [];
        for (const r of rows) {
          const userId = owners.get(r.ownerPhone)!;
          const key = `${userId}:${r.businessName.toLowerCase()}`;
          if (there.has(key)) {
            existing++;
            outcomes.push({ row_no: r.rowNo, outcome: "exists", user_id: userId, business_id: null });
            continue;
          }
          const fields = { businessName: r.businessName, category: r.category, address: r.address, contactPerson: r.contactPerson, phoneNumber: toE164(r.ownerPhone) };
          const { businessId } = await makeBusiness(tx, actor, imp.agencyId, userId, fields, { createDigitalCard: true, notify: false }, now);
          there.add(key);
          created++;
          outcomes.push({ row_no: r.rowNo, outcome: "created", user_id: userId, business_id: businessId });
        }
        // The batch's outcomes in one statement.
        await tx.execute(sql`
          update ${businessImportRows} r set outcome = v.outcome, user_id = v.user_id, business_id = v.business_id
          from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(row_no int, outcome text, user_id int, business_id int)
          where r.import_id = ${imp.importId} and r.row_no = v.row_no`);
        await tx
          .update(businessImports)
          .set({
            processedRows: sql`${businessImports.processedRows} + ${rows.length}`,
            createdCount: sql`${businessImports.createdCount} + ${created}`,
            existingCount: sql`${businessImports.existingCount} + ${existing}`,
          })
          .where(eq(businessImports.importId, imp.importId));
        return false;
      });
      if (done) break;
    }
    await db.transaction(async (tx) => {
      const now = deps.now();
      const [fin] = await tx
        .update(businessImports)
        .set({ status: "done", finishedAt: now })
        .where(and(eq(businessImports.importId, imp.importId), sql`${businessImports.status} <> 'done'`))
        .returning();
      if (!fin) return;
      await deps.queue?.send(ownerInvitesJob, { importId: imp.importId }, { tx, singletonKey: `invites:${imp.importId}` });
    });
  } catch (err) {
    if (job.isLastAttempt) await db.update(businessImports).set({ status: "failed", failure: String(err).slice(0, 500) }).where(eq(businessImports.importId, imp.importId));
    throw err;
  }
}

/**
 * One SMS per owner who has no password yet (an owner with three shops gets one), never twice:
 * owners are claimed (invited_at set on their rows) 500 at a time, and each page's invitations are
 * queued in the outbox (ADR 0053) in the same transaction, once per owner (`owner-invite:{userId}`),
 * so a retry after a crash finds them claimed and queued, or neither. An owner invited by an
 * earlier import is not invited again. The outbox sends them out of quiet hours, at the provider's
 * rate. Returns how many were queued.
 */
export async function sendOwnerInvites(deps: Pick<Deps, "db" | "queue" | "now" | "config">, importId: number) {
  const { db } = deps;
  const [imp] = await db
    .select({ agencyId: businessImports.agencyId, agencyName: agencies.agencyName, host: agencies.host, configuration: agencies.configuration })
    .from(businessImports)
    .innerJoin(agencies, eq(agencies.id, businessImports.agencyId))
    .where(eq(businessImports.importId, importId));
  if (!imp) return 0;
  let queued = 0;
  for (;;) {
    const page = await db.transaction(async (tx) => {
      const claimed = (await tx.execute(sql`
        with pick as (
          select r.user_id from ${businessImportRows} r join ${users} u on u.id = r.user_id
          where r.import_id = ${importId} and r.outcome = 'created' and r.invited_at is null and u.password_hash is null
            and not exists (select 1 from ${businessImportRows} o where o.user_id = r.user_id and o.invited_at is not null)
          group by r.user_id order by r.user_id limit 500
        )
        update ${businessImportRows} r set invited_at = ${deps.now().toISOString()}::timestamptz
        from pick, ${users} u
        where r.import_id = ${importId} and r.user_id = pick.user_id and u.id = pick.user_id and r.invited_at is null
        returning r.user_id as "userId", u.phone_number as phone, r.business_name as "businessName"`)) as unknown as { rows: { userId: number; phone: string; businessName: string }[] };
      const owners = new Map<number, { phone: string; names: string[] }>();
      for (const c of claimed.rows) {
        const o = owners.get(c.userId) ?? { phone: c.phone, names: [] };
        o.names.push(c.businessName);
        owners.set(c.userId, o);
      }
      const language = agencyDefaultLanguage(imp);
      const messages = [...owners].map(([userId, o]) => ({
        eventKey: `owner-invite:${userId}`,
        channel: "sms" as const,
        to: o.phone,
        text: ownerInvitationText({ agencyName: imp.agencyName, host: imp.host, businessName: o.names.sort()[0]!, more: o.names.length - 1, language }),
      }));
      await queueMessages(deps, messages, { agencyId: imp.agencyId, purpose: "account" }, { tx });
      return owners.size;
    });
    if (page === 0) return queued;
    queued += page;
  }
}

export async function startOnboardingJobs(deps: Deps, queue: JobQueue, makeBusiness: MakeBusiness) {
  await queue.work(businessImportJob, (job) => runBusinessImport(deps, makeBusiness, job));
  await queue.work(ownerInvitesJob, async (job) => {
    const queued = await sendOwnerInvites(deps, job.data.importId);
    if (queued) deps.logger.info("Owner invitations queued", { importId: job.data.importId, queued });
  });
}
