import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { agencies } from "#server/db/schema/core.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { isInternalAddress } from "#server/services/domain-probe.ts";
import { agencyRow, toAgencyDto } from "./service.ts";

/*
 * Custom domains with HTTPS (ADR 0018). Caddy issues the certificate (on-demand TLS) once our
 * `ask` endpoint says yes; we say yes only for a domain whose DNS reaches us, which we prove
 * like ACME's HTTP-01: we serve a random proof at a random path and fetch it back through
 * http://{domain}. States: none → pending_dns (no record yet) → verifying → active | failed.
 */

/** Where we serve the proof (under the API, so every instance answers from the database). */
export const CHALLENGE_PATH = "/api/v1/tls/challenge/";

const token = () => randomBytes(18).toString("base64url");

type Outcome = { status: "pending_dns" | "active" | "failed"; reason: string | null };

/** What the fetched answer says about the domain. */
function judge(answer: Awaited<ReturnType<Deps["domainProbe"]["get"]>>, domain: string, proof: string): Outcome {
  if (!answer.ok) return { status: "failed", reason: answer.reason };
  if (answer.status >= 300 && answer.status < 400) {
    return { status: "failed", reason: `http://${domain} redirected to ${answer.location ?? "another address"}: plain HTTP must reach our server for the check.` };
  }
  if (answer.status !== 200) return { status: "failed", reason: `http://${domain} answered HTTP ${answer.status} instead of our check: its DNS points at another server.` };
  if (answer.body.trim() !== proof) return { status: "failed", reason: `http://${domain} answered, but not with our check: its DNS points at another server.` };
  return { status: "active", reason: null };
}

/**
 * POST /createSsl {agencyId}: record the agency's domain (its host) and check it now. The
 * challenge stays the same while the domain does, so a repeated or concurrent check proves the
 * same thing; a check overtaken by a new domain writes nothing.
 */
export async function checkCustomDomain(deps: Deps, agencyId: number) {
  const { db, domainProbe } = deps;
  const agency = await agencyRow(db, agencyId);
  const domain = agency.host;
  const now = deps.now();
  const fresh = agency.sslDomain !== domain || !agency.sslChallengeToken || !agency.sslChallengeProof;
  const challenge = fresh ? { sslChallengeToken: token(), sslChallengeProof: token() } : { sslChallengeToken: agency.sslChallengeToken!, sslChallengeProof: agency.sslChallengeProof! };
  const [started] = await db
    .update(agencies)
    .set({
      ...challenge,
      sslDomain: domain,
      sslStatus: "pending_dns",
      sslRequestedAt: fresh || !agency.sslRequestedAt ? now : agency.sslRequestedAt,
      sslFailureReason: null,
      sslCheckedAt: now,
      updatedAt: now,
    })
    .where(and(eq(agencies.id, agency.id), eq(agencies.host, domain)))
    .returning();
  if (!started) return { agencyId, ssl: toAgencyDto(await agencyRow(db, agencyId)).ssl };

  const save = async (set: Partial<AgencyRow>) => {
    const [row] = await db
      .update(agencies)
      .set({ ...set, sslCheckedAt: deps.now() })
      .where(and(eq(agencies.id, agency.id), eq(agencies.sslDomain, domain), eq(agencies.sslChallengeToken, challenge.sslChallengeToken)))
      .returning();
    return row ?? (await agencyRow(db, agencyId));
  };

  // A switched-off agency's host serves nothing, so its challenge could never come back.
  if (!agency.isActive) {
    const row = await save({ sslStatus: "failed", sslFailureReason: "The agency is switched off: switch it on, then check again." });
    return { agencyId, ssl: toAgencyDto(row).ssl };
  }
  let addresses: string[];
  try {
    addresses = await domainProbe.resolve(domain);
  } catch (err) {
    const row = await save({ sslStatus: "failed", sslFailureReason: `Looking up ${domain} failed (${(err as NodeJS.ErrnoException).code ?? "DNS error"}). Check again in a few minutes.` });
    return { agencyId, ssl: toAgencyDto(row).ssl };
  }
  if (addresses.length === 0) {
    const row = await save({
      sslStatus: "pending_dns",
      sslFailureReason: `${domain} has no DNS record yet: point it (an A record, or a CNAME) at our server, then check again.`,
    });
    return { agencyId, ssl: toAgencyDto(row).ssl };
  }
  await save({ sslStatus: "verifying" });
  // The address checked is the address fetched (no second lookup for DNS to rebind); the probe
  // refuses internal ones (issue 22 L8), so a public record is preferred when there are several.
  const address = addresses.find((a) => !isInternalAddress(a)) ?? addresses[0];
  const answer = await domainProbe.get(domain, address, CHALLENGE_PATH + challenge.sslChallengeToken);
  const outcome = judge(answer, domain, challenge.sslChallengeProof);
  const row = await save({ sslStatus: outcome.status, sslFailureReason: outcome.reason });
  return { agencyId, ssl: toAgencyDto(row).ssl };
}

/** GET /tls/challenge/{token}: the proof, only on the domain whose check it is (the request's agency). */
export async function challengeProof(db: Db, agency: AgencyRow, challengeToken: string): Promise<string | null> {
  const [row] = await db
    .select({ proof: agencies.sslChallengeProof })
    .from(agencies)
    .where(and(eq(agencies.id, agency.id), eq(agencies.sslChallengeToken, challengeToken)))
    .limit(1);
  return row?.proof ?? null;
}

/** GET /tls/allowed?domain=: Caddy's `ask`. Yes only for an active agency's verified domain. */
export async function isAllowedDomain(db: Db, domain: string): Promise<boolean> {
  const host = domain.trim().toLowerCase().replace(/\.$/, "");
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.host, host), eq(agencies.sslDomain, host), eq(agencies.sslStatus, "active"), eq(agencies.isActive, true)))
    .limit(1);
  return !!row;
}
