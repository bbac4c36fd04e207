import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/franchisee-login";
import { franchiseeLoginSchema, franchiseeVerifySchema } from "#contracts/auth.ts";
import { getApi, getSession } from "~/lib/request-context.server";
import { HIDE_PASSWORDS, replyWithApiError } from "~/lib/forms.server";
import { AuthShell } from "~/components/auth-shell";
import { signInPageHandle } from "~/lib/sign-in-page";
import { PasswordStep } from "~/components/password-step";
import { Field, FormError, SubmitButton } from "~/components/form";
import { safeRedirectTo } from "~/lib/redirect-to";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { translateMessage } from "#contracts/i18n/messages.ts";

export const handle = signInPageHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.signIn.staffSignIn ?? "Staff sign-in" }];

const NO_STAFF_ACCOUNT = "No staff account uses this number. Ask your admin to add you.";

/** After signing in: the page a 'Failed to authenticate user' dialog came from (ADR 0012), or home. */
const afterSignIn = (url: URL) => safeRedirectTo(url.searchParams.get("redirectTo"), "staff", href("/panel/admin"));

export async function loader({ url, context }: Route.LoaderArgs) {
  if (getSession(context).actor.kind === "staff") throw redirect(afterSignIn(url));
  return { t: pageMessages(context, "signIn") };
}

/**
 * Step 1 checks the number (`/franchisee/verifyPhoneNumber`): a forgotten password (or a
 * first sign-in) continues to the OTP; otherwise the password step follows here.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();

  if (formData.get("intent") === "login") {
    const submission = parseWithZod(formData, { schema: franchiseeLoginSchema });
    if (submission.status !== "success") return { step: "password" as const, result: translateReply(context, submission.reply(HIDE_PASSWORDS)) };
    const res = await api.call("POST /franchisee/login", { body: submission.value }, { authErrors: "return" });
    if (!res.ok) return { step: "password" as const, result: replyWithApiError(submission, res) };
    throw redirect(afterSignIn(url));
  }

  const submission = parseWithZod(formData, { schema: franchiseeVerifySchema });
  if (submission.status !== "success") return { step: "identify" as const, result: translateReply(context, submission.reply()) };
  const res = await api.call("POST /franchisee/verifyPhoneNumber", { body: submission.value }, { authErrors: "return" });
  if (!res.ok) return { step: "identify" as const, result: replyWithApiError(submission, res) };
  if (!res.data.franchiseeExist) {
    return { step: "identify" as const, result: submission.reply({ fieldErrors: { phoneNumber: [translateMessage(languageOf(context), NO_STAFF_ACCOUNT)] } }) };
  }
  if (res.data.otpSent) throw redirect(`${href("/panel/franchisee-otp")}${url.search}`);
  return { step: "password" as const, result: submission.reply() };
}

export default function FranchiseeLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.signIn;
  const [params] = useSearchParams();
  const forgot = params.get("forgot") === "1";
  const step = actionData?.step ?? "identify";
  const lastResult = actionData?.result;
  const phoneNumber = ((lastResult?.initialValue ?? {}) as { phoneNumber?: string }).phoneNumber ?? "";

  const [form, fields] = useForm({
    id: `franchisee-login-${step}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: step === "password" ? franchiseeLoginSchema : franchiseeVerifySchema }),
  });

  return (
    <AuthShell title={forgot ? t.resetStaffPassword : t.staffSignIn} subtitle={t.staffSubtitle} languageSwitch>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {step === "password" ? (
          <>
            <input type="hidden" name="phoneNumber" value={phoneNumber} />
            <PasswordStep
              identifier={phoneNumber}
              changeTo={href("/panel/franchisee-login")}
              forgotTo={`${href("/panel/franchisee-login")}?forgot=1`}
              password={fields.password}
              t={t}
            />
          </>
        ) : (
          <>
            <Field field={fields.phoneNumber} label={t.mobileNumber} type="tel" autoComplete="tel-national" inputMode="tel" placeholder={t.mobilePlaceholder} autoFocus />
            {forgot ? <input type="hidden" name="fromForgotPassword" value="on" /> : null}
            <SubmitButton name="intent" value="verify" pendingText={t.checking}>
              {t.continue}
            </SubmitButton>
          </>
        )}
      </Form>
      <p className="mt-6 text-center text-sm text-slate-500">
        {t.notStaff}{" "}
        <Link to={href("/panel/login")} className="text-brand-dark underline">
          {t.customerSignIn}
        </Link>
      </p>
    </AuthShell>
  );
}
