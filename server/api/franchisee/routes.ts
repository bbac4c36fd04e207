import { z } from "zod";
import { FRANCHISEE_ROLES } from "#server/db/schema/core.ts";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { ApiError, badRequest, notFound, unauthorized } from "#server/api/lib/errors.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { franchiseeCreatePasswordSchema, franchiseeLoginSchema, franchiseeVerifySchema } from "#contracts/auth.ts";
import { franchiseeDto, toFranchiseeDto } from "./dto.ts";
import { consumeChallenge, pendingOf, startChallenge } from "#server/api/lib/pending-signin.ts";
import { accountKeyOf, clearLoginFailures, endSession, limitAccountLookups, loginSucceeded, spendLoginAttempt, startSession } from "#server/api/lib/sign-in.ts";
import { STAFF_ROLES } from "#contracts/franchisee-constants.ts";
import {
  franchiseeEditBody,
  franchiseeListQuery,
  franchiseeListResponse,
  franchiseeSavedResponse,
  franchiseeSignupBody,
} from "#contracts/franchisees.ts";
import { editFranchisee, findActiveFranchisee, listFranchisees, markFranchiseeLoggedIn, setFranchiseePassword, signUpFranchisee } from "./service.ts";

const tag = "Franchisee";

/** Failed-attempt counters and device cookies are per agency and account. */
const loginKey = (agencyId: number, phoneNumber: string) => accountKeyOf("franchisee", agencyId, { phoneNumber });

const findFranchisee = (c: ApiContext, phoneNumber: string) => findActiveFranchisee(c.get("deps").db, c.get("agency").id, phoneNumber);

export const franchiseeVerifyPhoneNumber = defineRoute({
  method: "post",
  path: "/franchisee/verifyPhoneNumber",
  tag,
  summary: "Check a staff phone number; on forgot password (or first sign-in) send an OTP.",
  access: access.public,
  body: franchiseeVerifySchema,
  response: z.object({ franchiseeExist: z.boolean(), otpSent: z.boolean() }),
  async handler({ c, body }) {
    await limitAccountLookups(c);
    const f = await findFranchisee(c, body.phoneNumber);
    // Staff accounts are created by an admin; an OTP only resets (or first sets) a password.
    const needsOtp = !!f && (body.fromForgotPassword || !f.passwordHash);
    if (needsOtp) {
      // A first password (a new staff member, ADR 0019) is created, a forgotten one replaced: the pages word it so.
      await startChallenge(c, { kind: "franchisee", id: { phoneNumber: body.phoneNumber }, fromForgotPassword: body.fromForgotPassword });
    }
    return { franchiseeExist: !!f, otpSent: needsOtp };
  },
});

export const franchiseeLogin = defineRoute({
  method: "post",
  path: "/franchisee/login",
  tag,
  summary: "Sign staff in with phone number and password.",
  access: access.public,
  body: franchiseeLoginSchema,
  response: z.object({ franchiseeLoggedIn: z.boolean() }),
  async handler({ c, body }) {
    const key = loginKey(c.get("agency").id, body.phoneNumber);
    await spendLoginAttempt(c, key);
    const f = await findFranchisee(c, body.phoneNumber);
    const { passwords } = c.get("deps");
    const ok = await passwords.verify(f?.passwordHash ?? (await passwords.dummyHash()), body.password);
    if (!f || !f.passwordHash || !ok) {
      const message = "Incorrect phone number or password.";
      throw new ApiError(400, message, { fieldErrors: { password: [message] } });
    }
    await loginSucceeded(c, key);
    await markFranchiseeLoggedIn(c.get("deps").db, f.id, c.get("deps").now());
    await startSession(c, { franchiseeId: f.id }, key);
    return { franchiseeLoggedIn: true };
  },
});

export const franchiseeLogout = defineRoute({
  method: "post",
  path: "/franchisee/logout",
  tag,
  summary: "End this browser's staff session.",
  access: access.public,
  response: z.object({ franchiseeLoggedOut: z.boolean() }),
  async handler({ c }) {
    await endSession(c);
    return { franchiseeLoggedOut: true };
  },
});

export const getFranchisee = defineRoute({
  method: "get",
  path: "/franchisee",
  tag,
  summary: "The signed-in staff member.",
  access: access.staff(),
  response: z.object({ franchisee: franchiseeDto }),
  async handler({ c }) {
    const franchisee = await c.get("account").franchisee();
    if (!franchisee) throw unauthorized();
    return { franchisee: toFranchiseeDto(franchisee) };
  },
});

export const franchiseeCreatePassword = defineRoute({
  method: "post",
  path: "/franchisee/createPassword",
  tag,
  summary: "Set a staff password after a verified OTP, and sign in.",
  access: access.pending,
  body: franchiseeCreatePasswordSchema,
  response: z.object({ franchiseeLoggedIn: z.boolean() }),
  async handler({ c, body }) {
    const challenge = pendingOf(c, "franchisee");
    if (!challenge.verifiedAt) throw badRequest("Please verify the OTP first.");
    const f = await findFranchisee(c, challenge.phoneNumber!);
    if (!f) throw notFound("This account no longer exists.");
    const passwordHash = await c.get("deps").passwords.hash(body.password);
    await setFranchiseePassword(c.get("deps").db, f.id, passwordHash);
    c.get("sessionCache").evictAccount({ franchiseeId: f.id });
    await consumeChallenge(c, challenge);
    const key = loginKey(c.get("agency").id, f.phoneNumber);
    await clearLoginFailures(c, key);
    await startSession(c, { franchiseeId: f.id }, key);
    return { franchiseeLoggedIn: true };
  },
});

export const franchiseeAuthRoutes = [
  franchiseeVerifyPhoneNumber,
  franchiseeLogin,
  franchiseeLogout,
  getFranchisee,
  franchiseeCreatePassword,
] as const;

/* ---------------- The agency's staff (admin) ---------------- */

// The contract's roles are the database's (a role added to one and not the other fails here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesMatch: Same<(typeof STAFF_ROLES)[number], (typeof FRANCHISEE_ROLES)[number]> = true;
void rolesMatch;

export const listFranchiseesRoute = defineRoute({
  method: "get",
  path: "/franchisee/list",
  tag,
  summary:
    "The agency's staff by name (admin): filter by role and active/inactive, search name, phone or email, paged; `all=true` returns every match unpaged (pickers).",
  access: access.staff("admin"),
  query: franchiseeListQuery,
  response: franchiseeListResponse,
  async handler({ deps, agency, query }) {
    return listFranchisees(deps.db, agency.id, query);
  },
});

export const signUpFranchiseeRoute = defineRoute({
  method: "post",
  path: "/franchisee/signup",
  tag,
  summary:
    "Add a staff member (admin): name, phone, email, roles, permissions, configuration.hideBilling. They set their password by OTP at the staff sign-in; an SMS tells them so.",
  access: access.staff("admin"),
  body: franchiseeSignupBody,
  response: franchiseeSavedResponse,
  async handler({ deps, actor, agency, body }) {
    return signUpFranchisee(deps, actor, agency, body);
  },
});

export const editFranchiseeRoute = defineRoute({
  method: "post",
  path: "/franchisee/edit",
  tag,
  summary:
    "Change a staff member of the agency (admin): the signup fields and `active`. Deactivating ends their sessions at once. Nobody removes their own admin role or deactivates themselves.",
  access: access.staff("admin"),
  body: franchiseeEditBody,
  response: franchiseeSavedResponse,
  async handler({ c, deps, actor, agency, body }) {
    return editFranchisee(deps.db, c.get("sessionCache"), actor, agency.id, body);
  },
});

export const franchiseeManageRoutes = [listFranchiseesRoute, signUpFranchiseeRoute, editFranchiseeRoute] as const;
