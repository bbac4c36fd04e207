import { href } from "react-router";
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
    loginPath: staff ? href("/panel/franchisee-login") : href("/panel/login"),
    otpPath: staff ? href("/panel/franchisee-otp") : href("/panel/otp"),
    createPasswordPath: staff ? href("/panel/franchisee-createPassword") : href("/panel/createPassword"),
    homePath: staff ? href("/panel/admin") : href("/panel/customer"),
  };
}

/** This browser's pending sign-in, if it belongs to this flow. */
export function pendingFor(session: SessionInfo, kind: "user" | "franchisee") {
  return session.pending?.kind === kind ? session.pending : null;
}
