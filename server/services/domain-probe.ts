import dns from "node:dns";
import http from "node:http";
import net from "node:net";

/**
 * The network edge of the custom-domain check (ADR 0018): does a name resolve, and what does
 * `http://{name}{path}` answer? Real DNS and real HTTP; tests give `lookup` and `port` so the
 * name resolves to a loopback stand-in for the customer's domain.
 */
export type ProbeAnswer = { ok: true; status: number; body: string; location?: string } | { ok: false; reason: string };

export interface DomainProbe {
  /** The addresses `host` resolves to; [] when it has no record (yet). */
  resolve(host: string): Promise<string[]>;
  /** GET http://{host}{path} on the first address; no redirects followed, at most 4 KB read. */
  get(host: string, address: string, path: string): Promise<ProbeAnswer>;
}

type Lookup = (host: string) => Promise<string[]>;

/** The 16 bytes of an IPv6 address (IPv4 tails like ::ffff:1.2.3.4 included); null if it is not one. */
function ipv6Bytes(ip: string): number[] | null {
  if (!net.isIPv6(ip)) return null;
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function internalIPv4([a, b, c]: number[]) {
  return (
    a === 0 || // this network
    a === 10 || // private
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // shared address space (carrier NAT)
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 168) || // private
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an address is one a check must never connect to (issue 22 L8): private, loopback,
 * link-local, unique-local, multicast and unspecified ranges, IPv4 and IPv6 (IPv4-mapped and
 * NAT64 addresses judged by their IPv4 part). Anything that is not an IP literal counts as internal.
 */
export function isInternalAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return internalIPv4(ip.split(".").map(Number));
  const b = ipv6Bytes(ip);
  if (!b) return true;
  const zeros = (n: number) => b.slice(0, n).every((x) => x === 0);
  if (zeros(15) && (b[15] === 0 || b[15] === 1)) return true; // :: and ::1
  if (zeros(10) && b[10] === 0xff && b[11] === 0xff) return internalIPv4(b.slice(12)); // ::ffff:a.b.c.d
  if (zeros(12)) return internalIPv4(b.slice(12)); // ::a.b.c.d (deprecated IPv4-compatible)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.slice(4, 12).every((x) => x === 0)) return internalIPv4(b.slice(12)); // 64:ff9b::/96
  if ((b[0] & 0xfe) === 0xfc) return true; // fc00::/7 unique-local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true; // fec0::/10 site-local (deprecated)
  if (b[0] === 0xff) return true; // multicast
  return false;
}

/** Why the check does not connect to `address`. */
export const internalAddressReason = (host: string, address: string) =>
  `${host} points at ${address}, an internal address (private, loopback or link-local): point it at our server's public address, then check again.`;

const NO_RECORD = new Set(["ENOTFOUND", "ENODATA", "ENONAME", "EAI_NONAME", "EAI_NODATA"]);

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever the resolver says. */
export const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

const systemLookup: Lookup = async (host) => {
  try {
    return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    if (NO_RECORD.has((err as NodeJS.ErrnoException).code ?? "")) return [];
    throw err;
  }
};

/**
 * `allowInternal`: connect to internal addresses too (tests whose stand-in listens on loopback).
 * `allowLoopbackNames`: `localhost` and `*.localhost` may reach this server itself (the demo on a
 * laptop, never production-like: server/deps.ts). Otherwise an internal address is refused before
 * any connection, and the connection goes to the address that was checked (no second lookup).
 */
export function httpDomainProbe(
  opts: { lookup?: Lookup; port?: number | ((host: string) => number); timeoutMs?: number; allowInternal?: boolean; allowLoopbackNames?: boolean } = {},
): DomainProbe {
  const lookup = opts.lookup ?? systemLookup;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const portFor = (host: string) => (typeof opts.port === "function" ? opts.port(host) : (opts.port ?? 80));
  return {
    async resolve(host) {
      if (isLoopbackName(host) && !opts.lookup) return ["127.0.0.1"];
      return lookup(host);
    },
    get(host, address, path) {
      if (!net.isIP(address)) return Promise.resolve({ ok: false, reason: `${host} did not resolve to an IP address.` });
      const allowed = opts.allowInternal || (opts.allowLoopbackNames && isLoopbackName(host)) || !isInternalAddress(address);
      if (!allowed) return Promise.resolve({ ok: false, reason: internalAddressReason(host, address) });
      return new Promise<ProbeAnswer>((resolve) => {
        const port = portFor(host);
        const req = http.request(
          { host: address, port, path, method: "GET", headers: { host: port === 80 ? host : `${host}:${port}`, "user-agent": "cardpanel-domain-check" }, timeout: timeoutMs },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              body += chunk;
              if (body.length > 4096) res.destroy();
            });
            const done = () => resolve({ ok: true, status: res.statusCode ?? 0, body: body.slice(0, 4096), location: res.headers.location });
            res.on("end", done);
            res.on("close", done);
          },
        );
        req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
        req.on("error", (err: NodeJS.ErrnoException) => resolve({ ok: false, reason: describeNetworkError(err, `${host}:${port}`) }));
        req.end();
      });
    },
  };
}

function describeNetworkError(err: NodeJS.ErrnoException, where: string) {
  switch (err.code) {
    case "ECONNREFUSED":
      return `Nothing answered on ${where} (connection refused).`;
    case "ETIMEDOUT":
      return `${where} did not answer in time.`;
    case "ECONNRESET":
      return `${where} closed the connection.`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} cannot be reached from our server.`;
    default:
      return `Could not reach ${where} (${err.code ?? err.message}).`;
  }
}
