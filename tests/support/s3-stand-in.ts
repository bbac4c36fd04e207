import http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { signV4 } from "#server/services/storage/s3.ts";

/** A stand-in bucket: checks each request's signature and body hash as S3 would, keeps objects in memory. */
export async function standInBucket(secret: string) {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const seen: { method: string; path: string; ok: boolean }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const ch of req) chunks.push(ch as Buffer);
    const body = Buffer.concat(chunks);
    const auth = req.headers.authorization ?? "";
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    const hashOk = req.headers["x-amz-content-sha256"] === createHash("sha256").update(body).digest("hex");
    let sigOk = false;
    if (m) {
      const signed = Object.fromEntries(m[4].split(";").filter((h) => !["host", "x-amz-date", "x-amz-content-sha256"].includes(h)).map((h) => [h, String(req.headers[h])]));
      const amz = String(req.headers["x-amz-date"]);
      const date = new Date(`${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 8)}T${amz.slice(9, 11)}:${amz.slice(11, 13)}:${amz.slice(13, 15)}Z`);
      const expected = signV4({
        method: req.method!,
        url: new URL(`http://${req.headers.host}${req.url}`),
        headers: signed,
        payloadHash: String(req.headers["x-amz-content-sha256"]),
        accessKeyId: m[1],
        secretAccessKey: secret,
        region: m[3],
        date,
      });
      sigOk = expected.authorization === auth;
    }
    seen.push({ method: req.method!, path: req.url!, ok: sigOk && hashOk });
    if (!sigOk || !hashOk) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = req.url!;
    if (req.method === "PUT") {
      objects.set(key, { bytes: body, type: String(req.headers["content-type"]) });
      res.writeHead(200).end();
    } else if (req.method === "GET") {
      const o = objects.get(key);
      if (!o) res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else res.writeHead(200, { "content-type": o.type }).end(o.bytes);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, objects, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}
