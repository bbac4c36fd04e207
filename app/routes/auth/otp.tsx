import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/otp";
import { otpSchema } from "#contracts/auth.ts";
import { getApi, getSession } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { pendingFor, signInFlow } from "~/lib/signin-flow.server";
import { AuthShell } from "~/components/auth-shell";
import { signInPageHandle } from "~/lib/sign-in-page";
import { Field, FormError, SubmitButton } from "~/components/form";
import { resendWaitTexts, useResendCountdown } from "./resend-countdown";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";

export const handle = signInPageHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.signIn.enterOtp ?? "Enter OTP" }];

/** Only with a pending sign-in of this flow (SPEC §2); an already verified one moves on. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const flow = signInFlow(url);
  const pending = pendingFor(getSession(context), flow.pendingKind);
  if (!pending) throw redirect(flow.loginPath);
  if (pending.otpVerified) throw redirect(flow.createPasswordPath + flow.search);
  // "Start again" goes back to the same sign-in page (email or number, forgotten password, redirectTo).
  return { sentTo: pending.sentTo, startAgainPath: flow.loginPath + flow.search, resendAfterSeconds: pending.resendAfterSeconds, t: pageMessages(context, "signIn") };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const flow = signInFlow(url);
  const formData = await request.formData();

  if (formData.get("intent") === "resend") {
    const res = await api.call("POST /resendOtp", undefined, { authErrors: "return" });
    return { intent: "resend" as const, resent: res.ok, message: res.ok ? pageMessages(context, "signIn").signIn.newOtpSent : res.message };
  }

  const submission = parseWithZod(formData, { schema: otpSchema });
  if (submission.status !== "success") return { intent: "verify" as const, result: translateReply(context, submission.reply()) };
  const res = await api.call("POST /verifyOtp", { body: submission.value }, { authErrors: "return" });
  if (!res.ok) return { intent: "verify" as const, result: replyWithApiError(submission, res) };
  throw redirect(flow.createPasswordPath + flow.search); // keep the query string (SPEC §4)
}

export default function Otp({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.signIn;
  const lastResult = actionData?.intent === "verify" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "otp",
    lastResult,
    // Not on blur: leaving the field to tap 'Resend OTP' should not flash an error.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
  });
  const resend = actionData?.intent === "resend" ? actionData : null;
  const navigation = useNavigation();
  const resending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  const countdown = useResendCountdown(loaderData.resendAfterSeconds, actionData);
  const byEmail = loaderData.sentTo.includes("@");

  return (
    <AuthShell title={t.enterOtp} subtitle={<>{t.otpSentTo} <strong className="whitespace-nowrap">{loaderData.sentTo}</strong></>} languageSwitch>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          field={fields.otp}
          label={t.otp}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t.otpPlaceholder}
          autoFocus
        />
        <SubmitButton name="intent" value="verify" pendingText={t.verifying}>
          {t.verify}
        </SubmitButton>
      </Form>
      {/* A separate form: resending must not validate (or send) the code field. */}
      <Form method="post" className="mt-4 space-y-2 text-center">
        {resend ? (
          <p role={resend.resent ? "status" : "alert"} className={`text-sm ${resend.resent ? "text-green-700" : "text-red-700"}`}>
            {resend.message}
          </p>
        ) : null}
        {countdown.left > 0 ? (
          // Without React, the sign-in script ticks it down and keeps the button waiting.
          <p className="text-sm text-slate-600" data-countdown="resend-otp" data-seconds={countdown.left} {...resendWaitTexts(t)}>
            {fmt(countdown.left === 1 ? t.resendWaitOne : t.resendWaitOther, { seconds: countdown.left })}
          </p>
        ) : null}
        <button
          id="resend-otp"
          type="submit"
          name="intent"
          value="resend"
          disabled={resending || countdown.waiting}
          className="inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-brand-dark ring-1 ring-brand/40 hover:bg-brand/5 disabled:opacity-60"
        >
          {resending ? t.sending : t.resendOtp}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-500">
        {byEmail ? t.wrongEmail : t.wrongNumber}{" "}
        <Link to={loaderData.startAgainPath} className="text-brand-dark underline">
          {t.startAgain}
        </Link>
      </p>
    </AuthShell>
  );
}
