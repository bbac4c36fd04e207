import { data, href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApi, getSession } from "~/lib/request-context.server";
import type { ApiResult } from "~/lib/api.server";
import { isStaffPath, redirectToQuery, safeRedirectTo } from "~/lib/redirect-to";

/** Only POST signs out (a link or image could trigger a GET); a GET just goes to sign-in. */
export async function loader() {
  throw redirect(href("/panel/login"));
}

/**
 * Staff go back to the staff sign-in, everyone else (also the already signed-out) to the
 * customer sign-in. A 401/403 means the session is already gone; any other failure shows the
 * 'Error' dialog, since the user is still signed in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = getApi(context);
  const { actor } = getSession(context);
  // From the 'Failed to authenticate user' dialog: sign-in brings the user back there (ADR 0012).
  const back = (await request.formData()).get("redirectTo");
  const page = typeof back === "string" ? back : null;
  const staffPage = !!page && isStaffPath(page);
  const returnTo = page ? safeRedirectTo(page, staffPage ? "staff" : "customer", "") : "";
  if (actor.kind === "staff" || (actor.kind !== "customer" && staffPage)) {
    if (actor.kind === "staff") signedOutOrThrow(await api.call("POST /franchisee/logout", undefined, { authErrors: "return" }));
    throw redirect(href("/panel/franchisee-login") + redirectToQuery(returnTo));
  }
  if (actor.kind === "customer") signedOutOrThrow(await api.call("POST /logout", undefined, { authErrors: "return" }));
  throw redirect(href("/panel/login") + redirectToQuery(returnTo));
}

function signedOutOrThrow(res: ApiResult<unknown>) {
  if (res.ok || res.status === 401 || res.status === 403) return;
  throw data({ message: res.message }, { status: res.status });
}
