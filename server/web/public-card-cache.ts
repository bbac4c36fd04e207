import crypto from "node:crypto";
import { negotiateLanguage } from "#contracts/i18n/languages.ts";
import { parseSource, sourceParam } from "#contracts/card-sources.ts";

/**
 * A small in-process cache of rendered public card pages (ADR 0008). A shared card is opened
 * by many people at once (a WhatsApp group, a printed QR code); rendering it once every few
 * seconds instead of per visitor keeps the page as cheap as a static one.
 *
 * - Only pages the card route marks (header `x-public-card`), only GET/HEAD without a query
 *   string but a known `?src=` (ADR 0068: a greeting's or a QR code's link is cached like the bare one), only `Cache-Control: public` responses without Set-Cookie, only 200/404/410 and the
 *   301 of a card's old link (ADR 0012).
 * - Keyed by scheme + host + path: each agency's host has its own cards; and by the language the
 *   visitor's Accept-Language picks (the card's fixed words follow it, ADR 0066).
 * - A few seconds' lifetime; `drop(cardId)` (wired to onCardChanged) clears a card at once in
 *   this process; other instances catch up when their copy expires.
 * - Every marked page gets an ETag and the no-script CSP; If-None-Match answers 304. The
 *   marker's value is the page's one per-render value (the enquiry form token): left out of
 *   the ETag, so an unchanged card revalidates to 304 for as long as it stays unchanged (a
 *   browser may then post an old token; a stale one is refused with a fresh form).
 * Views are not lost to the cache: they are counted by an image beacon in the page.
 */
export const PUBLIC_CARD_MARKER = "x-public-card";

/** The card pages run no script at all: say so to the browser too. */
export const PUBLIC_CARD_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join("; ");

/** "" for no query, "?src=…" for exactly one known source (each its own copy), else null: not cached. */
function cacheableSearch(url: URL): string | null {
  if (!url.search) return "";
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== "src") return null;
  const src = url.searchParams.get("src");
  return src && sourceParam(parseSource(src)) === src ? `?src=${src}` : null;
}

type Entry = { at: number; path: string; status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer>; etag: string };

const CACHEABLE_STATUS = new Set([200, 301, 404, 410]);

export function createPublicCardCache({ ttlMs = 5000, maxEntries = 1000, now = () => Date.now() } = {}) {
  const entries = new Map<string, Entry>();

  const keyOf = (url: URL, acceptLanguage: string | null) => {
    const search = cacheableSearch(url);
    return search !== null && /^\/[^/]+$/.test(url.pathname) ? `${url.protocol}//${url.host}${url.pathname}${search}#${negotiateLanguage(acceptLanguage) ?? ""}` : null;
  };

  function respond(method: string, ifNoneMatch: string | null, e: Entry) {
    const headers = new Headers(e.headers);
    if (e.status === 200 && ifNoneMatch?.split(/\s*,\s*/).includes(e.etag)) {
      const notModified = new Headers();
      for (const name of ["etag", "cache-control", "content-security-policy", "x-robots-tag"]) {
        const v = headers.get(name);
        if (v) notModified.set(name, v);
      }
      return new Response(null, { status: 304, headers: notModified });
    }
    return new Response(method === "HEAD" ? null : e.body, { status: e.status, headers });
  }

  return {
    /** A fresh cached page for this request, or null (render it). */
    lookup(method: string, url: string, ifNoneMatch: string | null, acceptLanguage: string | null = null): Response | null {
      if (method !== "GET" && method !== "HEAD") return null;
      const key = keyOf(new URL(url), acceptLanguage);
      const e = key ? entries.get(key) : undefined;
      if (!key || !e) return null;
      if (now() - e.at > ttlMs) {
        entries.delete(key);
        return null;
      }
      return respond(method, ifNoneMatch, e);
    },

    /** Pass a rendered response through: marked card pages get their headers, and are kept when they may be. */
    async store(method: string, url: string, ifNoneMatch: string | null, res: Response, acceptLanguage: string | null = null): Promise<Response> {
      const volatile = res.headers.get(PUBLIC_CARD_MARKER);
      if (volatile === null) return res;
      res.headers.delete(PUBLIC_CARD_MARKER);
      res.headers.set("content-security-policy", PUBLIC_CARD_CSP);
      if (method !== "GET" || !CACHEABLE_STATUS.has(res.status)) return res;
      // Only documents (not the `.data` of a client-side navigation) and redirects.
      if (res.status !== 301 && !res.headers.get("content-type")?.startsWith("text/html")) return res;
      const parsed = new URL(url);
      // Per-request CSP nonces mean nothing under script-src 'none': drop them (and from the ETag).
      // User text is HTML-escaped, so ` nonce="` can only be an attribute.
      const html = (await res.text()).replace(/ nonce="[^"]*"/g, "");
      const body = new TextEncoder().encode(html);
      res.headers.delete("content-length");
      const stable = volatile.length > 8 ? html.split(volatile).join("") : html;
      const etag = `"${crypto.createHash("sha256").update(stable).digest("base64url").slice(0, 27)}"`;
      res.headers.set("etag", etag);
      const entry: Entry = { at: now(), path: parsed.pathname, status: res.status, headers: [...res.headers], body, etag };
      const key = keyOf(parsed, acceptLanguage);
      const shareable = res.headers.get("cache-control")?.startsWith("public") && !res.headers.has("set-cookie");
      if (key && shareable) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
      return respond(method, ifNoneMatch, entry);
    },

    /** Forget every cached copy of a card (all hosts): it changed. */
    drop(cardId: string) {
      for (const [key, e] of entries) if (e.path === `/${cardId}`) entries.delete(key);
    },

    /** Forget every page (an agency's branding changed: its logo is on all its cards). */
    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type PublicCardCache = ReturnType<typeof createPublicCardCache>;
