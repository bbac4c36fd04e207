import dns from "node:dns";
import http from "node:http";

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

export function httpDomainProbe(opts: { lookup?: Lookup; port?: number | ((host: string) => number); timeoutMs?: number } = {}): DomainProbe {
  const lookup = opts.lookup ?? systemLookup;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const portFor = (host: string) => (typeof opts.port === "function" ? opts.port(host) : (opts.port ?? 80));
  return {
    async resolve(host) {
      if (isLoopbackName(host) && !opts.lookup) return ["127.0.0.1"];
      return lookup(host);
    },
    get(host, address, path) {
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
