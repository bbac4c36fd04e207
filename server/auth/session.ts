import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { franchisees, sessions, users } from "#server/db/schema/core.ts";
import type { FranchiseeRole } from "#server/db/schema/core.ts";
import type { Actor } from "./roles.ts";
import { newToken, tokenHash } from "./tokens.ts";

/** Absolute and idle limits of a signed-in session (ADR 0003). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

type Owner = { userId: number } | { franchiseeId: number };

export async function createSession(
  db: Db,
  args: { agencyId: number; owner: Owner; ip?: string; userAgent?: string; now: Date },
) {
  const token = newToken();
  await db.insert(sessions).values({
    id: tokenHash(token),
    agencyId: args.agencyId,
    userId: "userId" in args.owner ? args.owner.userId : null,
    franchiseeId: "franchiseeId" in args.owner ? args.owner.franchiseeId : null,
    lastSeenAt: args.now,
    expiresAt: new Date(args.now.getTime() + SESSION_ABSOLUTE_MS),
    ip: args.ip?.slice(0, 64),
    userAgent: args.userAgent?.slice(0, 300),
  });
  return { token, maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 };
}

export type UserRow = typeof users.$inferSelect;
export type FranchiseeRow = typeof franchisees.$inferSelect;
/** Who is signed in, with the account row already loaded (one query per request). */
export type SignedIn = { actor: Actor; user?: UserRow; franchisee?: FranchiseeRow };
const ANONYMOUS: SignedIn = { actor: { kind: "anonymous" } };

/** The actor behind a session cookie, or anonymous. Sessions of another agency do not count here. */
export async function loadActor(db: Db, token: string | undefined, agencyId: number, now: Date): Promise<SignedIn> {
  if (!token || token.length > 100) return ANONYMOUS;
  const id = tokenHash(token);
  const [row] = await db
    .select({ session: sessions, user: users, franchisee: franchisees })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(franchisees, eq(franchisees.id, sessions.franchiseeId))
    .where(and(eq(sessions.id, id), eq(sessions.agencyId, agencyId)))
    .limit(1);
  if (!row) return ANONYMOUS;
  const { session } = row;
  const idleSince = now.getTime() - session.lastSeenAt.getTime();
  if (session.expiresAt <= now || idleSince > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return ANONYMOUS;
  }
  if (idleSince > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  if (row.user) return { actor: { kind: "customer", sessionId: id, userId: row.user.id }, user: row.user };
  if (row.franchisee && row.franchisee.isActive) {
    return {
      actor: {
        kind: "staff",
        sessionId: id,
        franchiseeId: row.franchisee.id,
        roles: row.franchisee.roles as FranchiseeRole[],
        permissions: row.franchisee.permissions,
        hideBilling: !!row.franchisee.configuration.hideBilling,
      },
      franchisee: row.franchisee,
    };
  }
  return ANONYMOUS;
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * A page makes several in-process API calls with the same cookie; resolving the session once
 * per 2 s (per token, per agency) instead of once per call saves a query each, and keeping the
 * account's row with it saves the account query too. Concurrent misses for one key share one
 * query. What a user just changed is read fresh: every write request through the API empties the
 * cache when it ends (`clear`), whoever's row it touched. Sign-out evicts the session and a
 * password change every session of the account, at once, in this process. Writes never use the
 * cache (server/api/app.ts), so another instance honours a revoked session, old roles or an old
 * account row only for reads, for up to 2 s (ADR 0003, ADR 0014, ADR 0041).
 */
export class SessionCache {
  private entries = new Map<string, { at: number; signedIn: SignedIn }>();
  private loading = new Map<string, Promise<SignedIn>>();
  /** Bumped by every eviction: a load that started before one must not store its (stale) result. */
  private generation = 0;
  constructor(private ttlMs = 2000) {}

  static key(agencyId: number, sessionId: string) {
    return `${agencyId}:${sessionId}`;
  }

  resolve(key: string, now: Date, load: () => Promise<SignedIn>): Promise<SignedIn> {
    const hit = this.entries.get(key);
    const t = now.getTime();
    if (hit && t >= hit.at && t - hit.at < this.ttlMs) return Promise.resolve(hit.signedIn);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const p: Promise<SignedIn> = load()
      .then((value) => {
        if (generation !== this.generation) return value;
        if (this.entries.size > 10_000) this.entries.clear();
        if (value.actor.kind !== "anonymous") this.entries.set(key, { at: t, signedIn: value });
        else this.entries.delete(key);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === p) this.loading.delete(key);
      });
    this.loading.set(key, p);
    return p;
  }

  evict(agencyId: number, sessionId: string) {
    this.generation++;
    this.loading.delete(SessionCache.key(agencyId, sessionId));
    this.entries.delete(SessionCache.key(agencyId, sessionId));
  }

  /** Every cached session of one account (its password changed, or it was deleted). */
  evictAccount(owner: { userId: number } | { franchiseeId: number }) {
    this.generation++;
    this.loading.clear();
    for (const [key, { signedIn }] of this.entries) {
      const { actor } = signedIn;
      const match =
        "userId" in owner
          ? actor.kind === "customer" && actor.userId === owner.userId
          : actor.kind === "staff" && actor.franchiseeId === owner.franchiseeId;
      if (match) this.entries.delete(key);
    }
  }

  /** Everything: a write may have changed any account's row (a preference, a profile, roles). */
  clear() {
    this.generation++;
    this.loading.clear();
    this.entries.clear();
  }
}

/**
 * The signed-in account's row, read at most once per request: from the session query when it
 * just ran, otherwise by id.
 */
export function accountLoader(db: Db, signedIn: SignedIn) {
  let user: Promise<UserRow | null> | undefined = signedIn.user ? Promise.resolve(signedIn.user) : undefined;
  let franchisee: Promise<FranchiseeRow | null> | undefined = signedIn.franchisee
    ? Promise.resolve(signedIn.franchisee)
    : undefined;
  const { actor } = signedIn;
  return {
    user(): Promise<UserRow | null> {
      if (actor.kind !== "customer") return Promise.resolve(null);
      user ??= db.query.users.findFirst({ where: eq(users.id, actor.userId) }).then((r) => r ?? null);
      return user;
    },
    franchisee(): Promise<FranchiseeRow | null> {
      if (actor.kind !== "staff") return Promise.resolve(null);
      franchisee ??= db.query.franchisees.findFirst({ where: eq(franchisees.id, actor.franchiseeId) }).then((r) => r ?? null);
      return franchisee;
    },
  };
}
export type AccountLoader = ReturnType<typeof accountLoader>;
