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

/**
 * The network an address belongs to, for limits one user cannot dodge by hopping addresses:
 * its /24 for IPv4 (also IPv4-mapped IPv6), its /64 for IPv6 (what one subscriber gets).
 * Anything else is its own network.
 */
export function networkOf(address: string) {
  const ip = address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!/^[0-9a-f:]+$/.test(ip) || !ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * The key a per-address limit counts under: the address itself for IPv4 (carriers put many
 * customers behind one, CGNAT), its /64 for IPv6 (one subscriber holds a whole /64 and could
 * otherwise take a new address for every request).
 */
export function addressKeyOf(address: string) {
  const network = networkOf(address);
  return network.endsWith("::/64") ? network : address;
}
