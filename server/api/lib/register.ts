import type { Hono } from "hono";
import { limitBody } from "#server/web/body-limit.ts";
import { currentChallenge } from "./pending-signin.ts";
import { z } from "zod";
import { decideAccess } from "#server/auth/roles.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import { ApiError, badRequest, forbidden, invalid, unauthorized } from "./errors.ts";
import type { ApiContext, ApiEnv } from "./env.ts";
import { honoPath, type AnyRoute } from "./define-route.ts";
import { UPLOAD_ENVELOPE_BYTES, UPLOAD_MESSAGES } from "#contracts/constants.ts";
import { findBadInput } from "#contracts/input-rule.ts";

const VALIDATION_MESSAGE = "Please correct the highlighted fields.";

/** Zod issues → `{ field: [messages] }` (the shape Conform's `submission.reply` takes). */
export function fieldErrorsOf(error: z.ZodError, prefix?: string) {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** JSON bodies are small; a route taking uploads declares its own limit. */
const JSON_BODY_LIMIT = 256 * 1024;
const DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024;

const limitFor = (route: AnyRoute) => {
  const maxSize = route.bodyType === "multipart" ? (route.maxBodyBytes ?? DEFAULT_UPLOAD_LIMIT) : JSON_BODY_LIMIT;
  return limitBody({
    maxSize,
    onError: (c) => {
      if (route.bodyType !== "multipart") throw new ApiError(413, "The request is too large.");
      // An upload says how big the file was and the limit (ADR 0012); the envelope's few KB don't count.
      const length = Number(c.req.header("content-length"));
      const message = UPLOAD_MESSAGES.fileTooLarge(Number.isFinite(length) && length > maxSize ? length : null, maxSize - UPLOAD_ENVELOPE_BYTES);
      throw new ApiError(413, message, { fieldErrors: { file: [message] } });
    },
  });
};

async function readBody(c: ApiContext, route: AnyRoute): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (route.bodyType === "multipart") {
    if (!type.includes("multipart/form-data")) throw new ApiError(415, "Send the file as multipart/form-data.");
    // A truncated or hand-made multipart body makes the parser throw: the client's fault, not ours.
    return c.req.parseBody({ all: true }).catch(() => {
      throw badRequest("The upload could not be read. Please choose the file and send it again.");
    });
  }
  const text = await c.req.text();
  if (!text) return {};
  // Only JSON: a cross-site "simple" POST (text/plain, form-encoded) never reaches a handler.
  if (!type.includes("application/json")) throw new ApiError(415, "Send JSON (Content-Type: application/json).");
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

/** The one input rule (contracts/input-rule.ts), for every part of every request, before its schema. */
function checkInput(value: unknown, part: string) {
  const bad = findBadInput(value);
  if (!bad) return;
  const field = [part === "body" ? undefined : part, bad.path].filter(Boolean).join(".");
  throw invalid(bad.message, { [field]: [bad.message] });
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string) {
  checkInput(value, part);
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(VALIDATION_MESSAGE, fieldErrorsOf(result.error, part === "body" ? undefined : part));
  return result.data;
}

/**
 * One route run for a request: access first (401/403 never depend on input), then validation,
 * then the handler, then the response schema as a filter. Query and path values arrive as
 * strings (from a URL, or from a direct call that passes them the same way).
 */
export async function runRoute(
  route: AnyRoute,
  c: ApiContext,
  input: { query: Record<string, string>; params: Record<string, string>; body?: () => Promise<unknown> },
): Promise<Response | unknown> {
  const agency = c.get("agency");
  const actor = c.get("actor");
  const decision = decideAccess(route.access, actor, isSuperadminAgency(agency));
  if (decision === 401) throw unauthorized();
  if (decision === 403) throw forbidden();
  // The pending sign-in (verify → OTP → password) is loaded once, here, for the routes that need it.
  if (route.access.pending) {
    const challenge = await currentChallenge(c);
    if (!challenge) throw unauthorized("Your sign-in has expired. Please start again.");
    c.set("challenge", challenge);
  }
  const query = parsePart(route.query, input.query, "query");
  const params = parsePart(route.params, input.params, "params");
  const body = route.body && input.body ? parsePart(route.body, await input.body(), "body") : undefined;
  const result = await route.handler({ c, deps: c.get("deps"), agency, actor, body, query, params });
  if (result instanceof Response) return result;
  // The response schema is also a filter: nothing undeclared (hashes, other tenants' ids) leaves.
  return route.response.parse(result);
}

export function registerRoutes(app: Hono<ApiEnv>, routes: readonly AnyRoute[]) {
  for (const route of routes) {
    app.on(route.method.toUpperCase(), honoPath(route.path), limitFor(route), async (c) => {
      const url = new URL(c.req.url);
      const result = await runRoute(route, c, {
        query: Object.fromEntries(url.searchParams),
        params: c.req.param(),
        body: () => readBody(c, route),
      });
      return result instanceof Response ? result : c.json(result as object);
    });
  }
}
