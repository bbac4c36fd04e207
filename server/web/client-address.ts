/**
 * Who the browser is and whether it is on https, from the socket or, behind a reverse proxy we
 * were told to trust (TRUST_PROXY), from the headers that proxy adds. The proxy appends to
 * X-Forwarded-For, so only the right-most entry is its own word; what is left of it the client
 * could have written.
 */
export function clientAddress(headers: Headers, remoteAddress: string | undefined, trustProxy: boolean) {
  if (trustProxy) {
    const last = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return (remoteAddress ?? "unknown").slice(0, 64);
}

export function isHttps(url: string, headers: Headers, trustProxy: boolean) {
  if (url.startsWith("https:")) return true;
  return trustProxy && headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim() === "https";
}
