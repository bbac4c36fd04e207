import { createHash, createHmac } from "node:crypto";
import { PUBLIC_UPLOADS_PATH, assertValidKey, contentTypeOf, type Storage } from "./index.ts";

/*
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…) spoken to with plain
 * fetch and AWS Signature Version 4: put/get/delete are three requests, not worth an SDK.
 */

export type S3Options = {
  /** e.g. https://s3.ap-south-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://bucket.example.com/<key> when the bucket (or a CDN) is public; else files go through /uploads. */
  publicUrl?: string;
  /** endpoint/bucket/key (default; works everywhere) instead of bucket.endpoint/key. */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
  now?: () => Date;
};

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (S3: each path segment once, "/" kept). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
export const canonicalPath = (pathname: string) => pathname.split("/").map((seg) => encode(decodeURIComponent(seg))).join("/");

export type SignInput = {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  date: Date;
};

/** The headers to send (incl. Authorization) for a SigV4-signed request. */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? "s3";
  const amzDate = input.date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: input.url.host,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": input.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [input.method, canonicalPath(input.url.pathname), query, canonicalHeaders, signedHeaders, input.payloadHash].join("\n");
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, service, "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  const { host: _host, ...rest } = headers; // fetch sets Host itself
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export function s3Storage(o: S3Options): Storage {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? (() => new Date());
  const endpoint = new URL(o.endpoint);
  const urlOf = (key: string) => {
    assertValidKey(key);
    if (o.forcePathStyle === false) {
      const u = new URL(endpoint);
      u.hostname = `${o.bucket}.${u.hostname}`;
      u.pathname = `/${key}`;
      return u;
    }
    const base = endpoint.pathname.replace(/\/$/, "");
    return new URL(`${base}/${o.bucket}/${key}`, endpoint);
  };
  async function send(method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string) {
    const url = urlOf(key);
    const headers = signV4({
      method,
      url,
      headers: contentType ? { "content-type": contentType } : {},
      payloadHash: sha256(body ?? ""),
      accessKeyId: o.accessKeyId,
      secretAccessKey: o.secretAccessKey,
      region: o.region,
      date: now(),
    });
    return doFetch(url, { method, headers, body: body ? Buffer.from(body) : undefined, signal: AbortSignal.timeout(30_000) });
  }
  const fail = async (what: string, res: Response) =>
    new Error(`S3 ${what} failed: ${res.status} ${(await res.text().catch(() => "")).slice(0, 300)}`);
  return {
    driver: "s3",
    async put(key, bytes, contentType) {
      const res = await send("PUT", key, bytes, contentType);
      if (!res.ok) throw await fail("PUT", res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await fail("GET", res);
      return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: contentTypeOf(key) };
    },
    async delete(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) throw await fail("DELETE", res);
      await res.body?.cancel();
    },
    publicUrl: (key) => (o.publicUrl ? `${o.publicUrl.replace(/\/$/, "")}/${key}` : `${PUBLIC_UPLOADS_PATH}/${key}`),
  };
}
