import http from "node:http";

/**
 * A request sent over a plain socket, as curl or a browser's fetch would send it: each chunk is
 * written as it comes, so a body of several chunks goes without Content-Length (chunked).
 */
export function rawRequest(url: string, init: { method: string; headers: Record<string, string> }, chunks: string[] = []) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(url, init, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}
