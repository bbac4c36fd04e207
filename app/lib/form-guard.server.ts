import { data, type MiddlewareFunction } from "react-router";
import { isStorable, UNSTORABLE_MESSAGE } from "#contracts/input-rule.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * The panel's one rule for state-changing requests (any method but GET/HEAD, to any route:
 * documents, `.data` requests and resource routes such as /panel/logout, which React Router's
 * own origin check skips because they have no page component):
 * - a foreign Origin, an opaque one (`null`) or a cross-site fetch without one is refused;
 * - a body that is not a form (415), cannot be parsed (broken multipart: 400) or holds a
 *   character no field can store (NUL, lone surrogate: contracts/input-rule.ts: 400) never
 *   reaches an action, where it would have been a 500.
 */
export const formGuardMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE.has(request.method)) return next();
  const origin = request.headers.get("origin");
  const host = new URL(request.url).host;
  const foreign =
    origin !== null ? origin === "null" || hostOf(origin) !== host : request.headers.get("sec-fetch-site") === "cross-site";
  if (foreign) throw data({ message: "This request came from another site and was refused." }, { status: 403 });

  // Every panel action reads a form (Conform): anything else would crash in request.formData().
  if (!FORM.test(request.headers.get("content-type") ?? "")) {
    throw data({ message: "This page only accepts its own forms." }, { status: 415 });
  }
  await checkForm(request);
  return next();
};

async function checkForm(request: Request) {
  let form: FormData;
  try {
    // A copy: the route's action reads the body itself.
    form = await request.clone().formData();
  } catch {
    throw data({ message: "The form could not be read. Please try again." }, { status: 400 });
  }
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (!isStorable(name) || !isStorable(text)) throw data({ message: UNSTORABLE_MESSAGE }, { status: 400 });
  }
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}
