/**
 * Custom domains with HTTPS (ADR 0018): POST /createSsl's check (DNS, then our challenge fetched
 * back over http://{domain}), its states pending_dns → verifying → active | failed, and Caddy's
 * on-demand TLS `ask` (GET /tls/allowed). Only the network edge is replaced: a fake resolver
 * and a loopback HTTP server standing in for the customers' domains, which either pass requests
 * on to our API (DNS points at us) or answer as some other server would.
 */
import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { httpDomainProbe, isInternalAddress } from "#server/services/domain-probe.ts";
import { API_BASE } from "#server/api/app.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let standIn: http.Server;
let closedPort: number;
/** The fake DNS: name → addresses (none: no record yet). */
const dnsRecords = new Map<string, string[]>();
/** What the stand-in saw while serving a check: the agency's state at that moment. */
const seenDuringCheck: string[] = [];

/** How each stand-in domain answers http:// requests. */
type Behaviour = "us" | "parked" | "redirect" | "error";
const behaviours = new Map<string, Behaviour>();

function startStandIn() {
  return new Promise<number>((resolve) => {
    standIn = http.createServer(async (req, res) => {
      const host = (req.headers.host ?? "").replace(/:\d+$/, "");
      const behaviour = behaviours.get(host) ?? "parked";
      if (behaviour === "us") {
        const [row] = await t.db.select({ status: agencies.sslStatus }).from(agencies).where(eq(agencies.host, host));
        seenDuringCheck.push(row?.status ?? "none");
        // DNS points at us: the request reaches our API unchanged (same Host).
        const answer = await t.requestUnchecked("GET", req.url!, { host });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
        res.end(answer.text);
      } else if (behaviour === "redirect") {
        res.writeHead(301, { location: `https://${host}${req.url}` });
        res.end();
      } else if (behaviour === "error") {
        res.writeHead(503);
        res.end("Service Unavailable");
      } else {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<h1>Welcome to nginx!</h1>");
      }
    });
    standIn.listen(0, "127.0.0.1", () => resolve((standIn.address() as AddressInfo).port));
  });
}

/** A port where nothing listens: a server opened and closed again. */
async function freePort() {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  closedPort = await freePort();
  // The stand-in needs `t`; the probe needs the stand-in's port: start it first, it reads `t` lazily.
  const port = await startStandIn();
  t = await createTestApi({
    deps: {
      domainProbe: httpDomainProbe({
        lookup: async (host) => dnsRecords.get(host) ?? [],
        port: (host) => (host.startsWith("refused.") ? closedPort : port),
        timeoutMs: 5000,
        // The stand-in for customers' servers listens on loopback.
        allowInternal: true,
      }),
    },
  });
});
afterAll(async () => {
  await new Promise((r) => standIn?.close(r));
  await t?.close();
});

async function agencyOn(host: string, behaviour: Behaviour, dns: string[] | null = ["127.0.0.1"]) {
  behaviours.set(host, behaviour);
  if (dns) dnsRecords.set(host, dns);
  const res = await t.requestAs("admin", "POST", "/agency", { body: { agency: { agencyName: `Agency at ${host}`, host } } });
  expect(res.status).toBe(200);
  return res.json.agency.agencyId as number;
}
const check = (agencyId: number) => t.requestAs("admin", "POST", "/createSsl", { body: { agencyId } });
const ask = (domain?: string) => t.request("GET", "/tls/allowed", { query: { domain } });

describe("the check and Caddy's ask", () => {
  test("a domain that points at us becomes active (verifying while we fetch), then the ask says 200", async () => {
    const id = await agencyOn("cards.goodagency.in", "us");
    expect((await ask("cards.goodagency.in")).status).toBe(404);
    seenDuringCheck.length = 0;
    const res = await check(id);
    expect(res.status).toBe(200);
    expect(res.json.ssl).toMatchObject({ status: "active", domain: "cards.goodagency.in", failureReason: null });
    expect(seenDuringCheck).toEqual(["verifying"]);
    const allowed = await ask("cards.goodagency.in");
    expect(allowed.status).toBe(200);
    expect(allowed.json).toEqual({ allowed: true });
    // Caddy may send the name in any case, with the root's dot.
    expect((await ask("Cards.GoodAgency.in.")).status).toBe(200);
    // The panel shows the same state.
    expect((await t.requestAs("admin", "GET", `/agency/${id}`)).json.agency.ssl.status).toBe("active");
  });

  test("no DNS record yet: pending DNS with what to do; once the record exists a re-check makes it active", async () => {
    const id = await agencyOn("new.waitingagency.in", "us", null);
    const first = await check(id);
    expect(first.json.ssl.status).toBe("pending_dns");
    expect(first.json.ssl.failureReason).toMatch(/no DNS record yet/);
    expect((await ask("new.waitingagency.in")).status).toBe(404);
    dnsRecords.set("new.waitingagency.in", ["127.0.0.1"]);
    const second = await check(id);
    expect(second.json.ssl).toMatchObject({ status: "active", failureReason: null });
    expect((await ask("new.waitingagency.in")).status).toBe(200);
  });

  test.each([
    ["points at another server", "cards.parkedagency.in", "parked" as const, /not with our check: its DNS points at another server/],
    ["redirects plain HTTP", "cards.redirectagency.in", "redirect" as const, /redirected to https:\/\/cards\.redirectagency\.in/],
    ["answers an error", "cards.brokenagency.in", "error" as const, /answered HTTP 503/],
    ["refuses connections", "refused.agency-down.in", "parked" as const, /Nothing answered on refused\.agency-down\.in/],
  ])("a domain that %s fails with the reason, and the ask stays 404", async (_what, host, behaviour, reason) => {
    const id = await agencyOn(host, behaviour);
    const res = await check(id);
    expect(res.json.ssl.status).toBe("failed");
    expect(res.json.ssl.failureReason).toMatch(reason);
    expect((await ask(host)).status).toBe(404);
  });

  test("a failed domain fixed later: the re-check passes with the same challenge", async () => {
    const id = await agencyOn("cards.fixedagency.in", "parked");
    expect((await check(id)).json.ssl.status).toBe("failed");
    const [before] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    behaviours.set("cards.fixedagency.in", "us");
    // Two clicks at once: both prove the same challenge.
    const [a, b] = await Promise.all([check(id), check(id)]);
    expect([a.json.ssl.status, b.json.ssl.status]).toEqual(["active", "active"]);
    const [after] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(after.sslChallengeToken).toBe(before.sslChallengeToken);
  });

  test("a new domain starts over: the old and the new name are refused until checked", async () => {
    const id = await agencyOn("old.movingagency.in", "us");
    expect((await check(id)).json.ssl.status).toBe("active");
    behaviours.set("new.movingagency.in", "us");
    dnsRecords.set("new.movingagency.in", ["127.0.0.1"]);
    const moved = await t.requestAs("admin", "PUT", "/agency", { body: { agency: { agencyId: id, agencyName: "Moving Agency", host: "new.movingagency.in" } } });
    expect(moved.json.agency.ssl).toMatchObject({ status: "none", domain: null });
    expect((await ask("old.movingagency.in")).status).toBe(404);
    expect((await ask("new.movingagency.in")).status).toBe(404);
    expect((await check(id)).json.ssl).toMatchObject({ status: "active", domain: "new.movingagency.in" });
    expect((await ask("new.movingagency.in")).status).toBe(200);
  });

  test("an agency switched off is refused by the ask", async () => {
    const id = await agencyOn("cards.pausedagency.in", "us");
    expect((await check(id)).json.ssl.status).toBe("active");
    await t.requestAs("admin", "PUT", "/agency", { body: { agency: { agencyId: id, agencyName: "Paused", host: "cards.pausedagency.in", isActive: false } } });
    expect((await ask("cards.pausedagency.in")).status).toBe(404);
    const again = await check(id);
    expect(again.json.ssl).toMatchObject({ status: "failed", failureReason: "The agency is switched off: switch it on, then check again." });
  });

  test("the ask: unknown names 404, no name 422, no session needed, JSON either way", async () => {
    for (const domain of ["unknown.example.com", "localhost.", "sunrise.localhost", "%00"]) {
      const res = await ask(domain);
      expect(res.status, domain).toBe(404);
      expect(typeof res.json.message).toBe("string");
    }
    expect((await ask()).status).toBe(422);
    expect((await ask("x".repeat(300))).status).toBe(422);
  });
});

describe("the challenge we serve", () => {
  test("only the agency's own domain answers its token; anything else is 404", async () => {
    const id = await agencyOn("cards.tokenagency.in", "parked");
    await check(id);
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    const path = `${API_BASE}/tls/challenge/${row.sslChallengeToken}`;
    const own = await t.requestUnchecked("GET", path, { host: "cards.tokenagency.in" });
    expect(own.status).toBe(200);
    expect(own.text).toBe(row.sslChallengeProof);
    expect(own.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await t.requestUnchecked("GET", path, { host: "localhost" })).status).toBe(404);
    expect((await t.requestUnchecked("GET", `${API_BASE}/tls/challenge/${"a".repeat(24)}`, { host: "cards.tokenagency.in" })).status).toBe(404);
    expect((await t.requestUnchecked("GET", `${API_BASE}/tls/challenge/..%2F..`, { host: "cards.tokenagency.in" })).status).toBe(422);
  });
});

describe("who may check a domain", () => {
  test("another agency's admin and other staff are refused; unknown agency 404; bad body 422", async () => {
    const [sunrise] = await t.db.select().from(agencies).where(eq(agencies.host, "sunrise.localhost"));
    for (const role of ["otherAgencyAdmin", "creator", "franchisee", "customer"] as const) {
      expect((await t.requestAs(role, "POST", "/createSsl", { body: { agencyId: sunrise.id } })).status, role).toBe(403);
    }
    expect((await t.request("POST", "/createSsl", { body: { agencyId: sunrise.id } })).status).toBe(401);
    expect((await check(999_999)).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "POST", "/createSsl", { body: { agencyId: "one" } })).status).toBe(422);
  });
});

describe("the probe at the network edge", () => {
  test("a server that accepts but never answers is reported as not answering in time", async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    const probe = httpDomainProbe({ lookup: async () => ["127.0.0.1"], port: (silent.address() as AddressInfo).port, timeoutMs: 200, allowInternal: true });
    const answer = await probe.get("slow.example.in", "127.0.0.1", "/api/v1/tls/challenge/x");
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
    expect(answer).toEqual({ ok: false, reason: expect.stringMatching(/did not answer in time/) });
  });

  test("*.localhost names are loopback without asking DNS (RFC 6761)", async () => {
    expect(await httpDomainProbe().resolve("acme.localhost")).toEqual(["127.0.0.1"]);
  });
});

describe("internal addresses (issue 22 L8)", () => {
  test("private, loopback, link-local and unique-local ranges are internal, IPv4 and IPv6; public ones are not", () => {
    const internal = [
      "127.0.0.1", "127.1.2.3", "10.0.0.5", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255",
      "::1", "::", "fe80::1", "fd00::1", "fc12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.1.2.3", "64:ff9b::a9fe:a9fe", "not-an-ip",
    ];
    const external = ["8.8.8.8", "203.0.113.7", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8"];
    for (const ip of internal) expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of external) expect(isInternalAddress(ip), ip).toBe(false);
  });

  test("createSsl for a name that resolves to 127.0.0.1 fails with the reason and connects nowhere", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("proof");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    // The production probe (no allowance for internal addresses); the name resolves like `localhost`.
    const api = await createTestApi({
      deps: {
        domainProbe: httpDomainProbe({ lookup: async () => (await dns.promises.lookup("localhost", { all: true, family: 4 })).map((a) => a.address), port: (server.address() as AddressInfo).port }),
      },
    });
    try {
      const created = await api.requestAs("admin", "POST", "/agency", { body: { agency: { agencyName: "Intranet agency", host: "intranet.example.in" } } });
      expect(created.status, created.text).toBe(200);
      const res = await api.requestAs("admin", "POST", "/createSsl", { body: { agencyId: created.json.agency.agencyId } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.ssl).toMatchObject({
        status: "failed",
        failureReason: "intranet.example.in points at 127.0.0.1, an internal address (private, loopback or link-local): point it at our server's public address, then check again.",
      });
      expect(hits).toBe(0);
    } finally {
      await api.close();
      await new Promise((r) => server.close(r));
    }
  });
});
