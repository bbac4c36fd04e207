import type { Context } from "hono";
import type { Config } from "#server/config.ts";
import { safeEqual } from "#server/auth/tokens.ts";
import { clientAddress, isHttps } from "#server/web/client-address.ts";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * Facts about the request the API acts on: the agency's host, the browser's address and
 * whether it is on https. The panel calls on the browser's behalf and says so in x-panel-*
 * headers, which count only when the call is the panel's: in-process (no socket), or over
 * the network with PANEL_API_SECRET (when the panel runs with API_URL).
 */
export function requestMeta(c: Context, config: Config) {
  const req = c.req.raw;
  const incoming = (c.env as NodeBindings)?.incoming;
  const secret = req.headers.get("x-panel-secret");
  const fromPanel = !incoming || (!!config.PANEL_API_SECRET && !!secret && safeEqual(secret, config.PANEL_API_SECRET));
  const url = new URL(req.url);
  if (fromPanel) {
    return {
      host: req.headers.get("x-panel-host") ?? url.host,
      clientIp: (req.headers.get("x-panel-client-ip") ?? "unknown").slice(0, 64),
      secure: req.headers.get("x-panel-secure") === "1" || url.protocol === "https:",
      fromPanel,
    };
  }
  return {
    host: url.host,
    clientIp: clientAddress(req.headers, incoming?.socket?.remoteAddress, config.TRUST_PROXY),
    secure: isHttps(req.url, req.headers, config.TRUST_PROXY),
    fromPanel,
  };
}

/** The origin the caller used (the agency's host, http or https): links and QR codes made for them lead there. */
export function requestOrigin(c: Context, config: Config) {
  const meta = requestMeta(c, config);
  return `${meta.secure ? "https" : "http"}://${meta.host}`;
}
