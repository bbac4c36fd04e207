import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { idSchema } from "#contracts/id.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { ApiError, badRequest, unauthorized } from "#server/api/lib/errors.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { createPasswordSchema, loginSchema, otpSchema, verifyUserSchema } from "#contracts/auth.ts";
import { consumeChallenge, pendingOf, resendCode, startChallenge, verifyCode } from "#server/api/lib/pending-signin.ts";
import { accountKeyOf, clearLoginFailures, endSession, limitAccountLookups, loginSucceeded, spendLoginAttempt, startSession } from "#server/api/lib/sign-in.ts";
import { toUserDto, userDto } from "./dto.ts";
import { adoptChosenLanguage } from "#server/api/language/service.ts";
import { chooseActiveBusiness } from "#server/api/business/service.ts";
import { deleteUserAccount, findUser as findUserIn, markLoggedIn, recordSignUp, setUserPassword, type Ident } from "./service.ts";

const tag = "Auth";

/** Failed-attempt counters and device cookies are per agency and account. */
const loginKey = (agencyId: number, id: Ident) => accountKeyOf("user", agencyId, id);

const findUser = (c: ApiContext, id: Ident) => findUserIn(c.get("deps").db, c.get("agency").id, id);

export const verifyUser = defineRoute({
  method: "post",
  path: "/verifyUser",
  tag,
  summary: "Check whether a customer exists; send an OTP to sign up or reset the password.",
  access: access.public,
  body: verifyUserSchema,
  response: z.object({ userExist: z.boolean(), otpSent: z.boolean() }),
  async handler({ c, body }) {
    await limitAccountLookups(c);
    const id = { phoneNumber: body.phoneNumber, email: body.email };
    const user = await findUser(c, id);
    const needsOtp = !user || body.fromForgotPassword || !user.passwordHash;
    if (needsOtp) await startChallenge(c, { kind: "user", id, fromForgotPassword: body.fromForgotPassword });
    return { userExist: !!user, otpSent: needsOtp };
  },
});

export const verifyOtp = defineRoute({
  method: "post",
  path: "/verifyOtp",
  tag,
  summary: "Check the OTP of this browser's pending sign-in (customer or franchisee).",
  access: access.pending,
  body: otpSchema,
  response: z.object({ otpVerified: z.boolean() }),
  async handler({ c, body }) {
    const challenge = c.get("challenge");
    await verifyCode(c, challenge, body.otp);
    return { otpVerified: true };
  },
});

export const resendOtp = defineRoute({
  method: "post",
  path: "/resendOtp",
  tag,
  summary: "Send a new OTP for this browser's pending sign-in (customer or franchisee).",
  access: access.pending,
  response: z.object({ otpSent: z.boolean() }),
  async handler({ c }) {
    const challenge = c.get("challenge");
    await resendCode(c, challenge);
    return { otpSent: true };
  },
});

export const createPassword = defineRoute({
  method: "post",
  path: "/createPassword",
  tag,
  summary: "Set the password after a verified OTP; creates the customer on sign-up and signs in.",
  access: access.pending,
  body: createPasswordSchema,
  response: z.object({ userLoggedIn: z.boolean(), userCreated: z.boolean(), userDetails: userDto }),
  async handler({ c, body }) {
    const challenge = pendingOf(c, "user");
    if (!challenge.verifiedAt) throw badRequest("Please verify the OTP first.");
    const { db, passwords } = c.get("deps");
    const passwordHash = await passwords.hash(body.password);
    const id = { phoneNumber: challenge.phoneNumber ?? undefined, email: challenge.email ?? undefined };
    const now = c.get("deps").now();
    const { user, created } = await setUserPassword(db, challenge.agencyId, id, passwordHash, now);
    if (!created) c.get("sessionCache").evictAccount({ userId: user.id });
    await consumeChallenge(c, challenge);
    await clearLoginFailures(c, loginKey(challenge.agencyId, id));
    await startSession(c, { userId: user.id }, loginKey(challenge.agencyId, id));
    if (created) await recordSignUp(db, challenge.agencyId, user.id);
    const language = await adoptChosenLanguage(c, user.id);
    return { userLoggedIn: true, userCreated: created, userDetails: toUserDto({ ...user, language: language ?? user.language }) };
  },
});

export const login = defineRoute({
  method: "post",
  path: "/login",
  tag,
  summary: "Sign a customer in with phone number (or email) and password.",
  access: access.public,
  body: loginSchema,
  response: z.object({ userLoggedIn: z.boolean() }),
  async handler({ c, body }) {
    const key = loginKey(c.get("agency").id, body);
    await spendLoginAttempt(c, key);
    const user = await findUser(c, body);
    // Verify against a dummy hash when there is no account, so timing does not tell.
    const { passwords } = c.get("deps");
    const ok = await passwords.verify(user?.passwordHash ?? (await passwords.dummyHash()), body.password);
    if (!user || !user.passwordHash || !ok) {
      const message = body.email ? "Incorrect email or password." : "Incorrect phone number or password.";
      throw new ApiError(400, message, { fieldErrors: { password: [message] } });
    }
    await loginSucceeded(c, key);
    await markLoggedIn(c.get("deps").db, user.id, c.get("deps").now());
    await startSession(c, { userId: user.id }, key);
    await adoptChosenLanguage(c, user.id);
    return { userLoggedIn: true };
  },
});

export const logout = defineRoute({
  method: "post",
  path: "/logout",
  tag,
  summary: "End this browser's session (customer or staff).",
  access: access.public,
  response: z.object({ userLoggedOut: z.boolean() }),
  async handler({ c }) {
    await endSession(c);
    return { userLoggedOut: true };
  },
});

export const getUser = defineRoute({
  method: "get",
  path: "/user",
  tag,
  summary: "The signed-in customer.",
  access: access.customer,
  response: z.object({ user: userDto }),
  async handler({ c }) {
    const user = await c.get("account").user();
    if (!user) throw unauthorized();
    return { user: toUserDto(user) };
  },
});

export const updatePreference = defineRoute({
  method: "post",
  path: "/user/preference",
  tag,
  summary: "Switch the active business.",
  access: access.customer,
  body: z.object({
    activeBusinessId: idSchema("activeBusinessId", "Choose a business."),
  }),
  response: z.object({ updatedUser: userDto }),
  async handler({ c, actor, agency, body }) {
    if (actor.kind !== "customer") throw unauthorized();
    return { updatedUser: toUserDto(await chooseActiveBusiness(c.get("deps").db, actor, agency.id, body.activeBusinessId)) };
  },
});

export const deleteUser = defineRoute({
  method: "delete",
  path: "/user",
  tag,
  summary: "Delete the signed-in customer's account and everything it owns.",
  access: access.customer,
  response: z.object({ userDeleted: z.boolean() }),
  async handler({ c, actor }) {
    if (actor.kind !== "customer") throw unauthorized();
    await endSession(c);
    await deleteUserAccount(c.get("deps").db, actor.userId);
    c.get("sessionCache").evictAccount({ userId: actor.userId });
    return { userDeleted: true };
  },
});

export const authRoutes = [verifyUser, verifyOtp, resendOtp, createPassword, login, logout, getUser, updatePreference, deleteUser] as const;
