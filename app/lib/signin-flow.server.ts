import type { SessionInfo } from "./context";

/**
 * The OTP and create-password modules serve both flows (customer and staff); the URL says
 * which. These are the paths of each flow's steps. Pass the loader's or action's `url` (the
 * page's URL), not request.url, which on client navigations is React Router's `.data` URL with
 * its `_routes` parameter.
 */
export function signInFlow(url: URL) {
  const staff = url.pathname.startsWith("/panel/franchisee-");
  return {
    staff,
    pendingKind: staff ? ("franchisee" as const) : ("user" as const),
    search: url.search,
    loginPath: staff ? "/panel/franchisee-login" : "/panel/login",
    otpPath: staff ? "/panel/franchisee-otp" : "/panel/otp",
    createPasswordPath: staff ? "/panel/franchisee-createPassword" : "/panel/createPassword",
    homePath: staff ? "/panel/admin" : "/panel/customer",
  };
}

/** This browser's pending sign-in, if it belongs to this flow. */
export function pendingFor(session: SessionInfo, kind: "user" | "franchisee") {
  return session.pending?.kind === kind ? session.pending : null;
}
