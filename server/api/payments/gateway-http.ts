import type { Context } from "hono";
import { findBadInput } from "#contracts/input-rule.ts";
import { invalid } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { handleCallback, handleWebhook } from "./gateway.ts";

/** The webhook's exact bytes (the signature covers them), never a re-serialised parse. */
export async function webhookRequest(c: Context, deps: Deps) {
  const rawBody = await c.req.text();
  return handleWebhook(deps, rawBody, c.req.header("x-razorpay-signature"), c.req.header("x-razorpay-event-id"));
}

/** The callback_url's form POST (urlencoded, as Razorpay sends it), through the one input rule, answered with a 303. */
export async function callbackRequest(c: Context, deps: Deps, agency: AgencyRow, returnTo: string | undefined) {
  const parsed = await c.req.parseBody().catch(() => ({}));
  const form = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  const bad = findBadInput(form);
  if (bad) throw invalid(bad.message, { [bad.path]: [bad.message] });
  return c.redirect(await handleCallback(deps, agency, form, returnTo), 303);
}
