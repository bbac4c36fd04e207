import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { loginSchema, verifyUserSchema } from "#contracts/auth.ts";
import { getApi, getSession } from "~/lib/request-context.server";
import { HIDE_PASSWORDS, replyWithApiError } from "~/lib/forms.server";
import { AuthShell } from "~/components/auth-shell";
import { signInPageHandle } from "~/lib/sign-in-page";
import { PasswordStep } from "~/components/password-step";
import { Field, FormError, SubmitButton } from "~/components/form";
import { safeRedirectTo } from "~/lib/redirect-to";
import { pageMessages, translateReply } from "~/lib/i18n.server";

export const handle = signInPageHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.signIn.signIn ?? "Sign in" }];

/** After signing in: the page a 'Failed to authenticate user' dialog came from (ADR 0012), or home. */
const afterSignIn = (url: URL) => safeRedirectTo(url.searchParams.get("redirectTo"), "customer", href("/panel/customer"));

export async function loader({ url, context }: Route.LoaderArgs) {
  if (getSession(context).actor.kind === "customer") throw redirect(afterSignIn(url));
  return { t: pageMessages(context, "signIn") };
}

/**
 * Step 1 asks the API whether the customer exists (`/verifyUser`): new customers and
 * forgotten passwords continue to the OTP; existing ones get a password step here.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();

  if (formData.get("intent") === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return { step: "password" as const, result: translateReply(context, submission.reply(HIDE_PASSWORDS)) };
    const res = await api.call("POST /login", { body: submission.value }, { authErrors: "return" });
    if (!res.ok) return { step: "password" as const, result: replyWithApiError(submission, res) };
    throw redirect(afterSignIn(url));
  }

  const submission = parseWithZod(formData, { schema: verifyUserSchema });
  if (submission.status !== "success") return { step: "identify" as const, result: translateReply(context, submission.reply()) };
  const res = await api.call("POST /verifyUser", { body: submission.value }, { authErrors: "return" });
  if (!res.ok) return { step: "identify" as const, result: replyWithApiError(submission, res) };
  if (res.data.otpSent) throw redirect(`${href("/panel/otp")}${url.search}`); // keep the query string (SPEC §4)
  return { step: "password" as const, result: submission.reply() };
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.signIn;
  const [params] = useSearchParams();
  const foreign = params.get("foreign") === "1";
  const forgot = params.get("forgot") === "1";
  const step = actionData?.step ?? "identify";
  const lastResult = actionData?.result;
  const identifier = (lastResult?.initialValue ?? {}) as { phoneNumber?: string; email?: string };

  const [form, fields] = useForm({
    id: `login-${step}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: step === "password" ? loginSchema : verifyUserSchema }),
  });

  return (
    <AuthShell title={forgot ? t.resetPassword : t.signIn} subtitle={foreign ? t.useEmail : t.useMobile} languageSwitch>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {step === "password" ? (
          <>
            {identifier.email ? (
              <input type="hidden" name="email" value={identifier.email} />
            ) : (
              <input type="hidden" name="phoneNumber" value={identifier.phoneNumber ?? ""} />
            )}
            <PasswordStep
              identifier={identifier.email ?? identifier.phoneNumber ?? ""}
              changeTo={`${href("/panel/login")}${foreign ? "?foreign=1" : ""}`}
              forgotTo={`${href("/panel/login")}?forgot=1${foreign ? "&foreign=1" : ""}`}
              password={fields.password}
              t={t}
            />
          </>
        ) : (
          <>
            {foreign ? (
              <Field field={fields.email} label={t.email} type="email" autoComplete="email" inputMode="email" autoFocus />
            ) : (
              <Field field={fields.phoneNumber} label={t.mobileNumber} type="tel" autoComplete="tel-national" inputMode="tel" placeholder={t.mobilePlaceholder} autoFocus />
            )}
            {forgot ? <input type="hidden" name="fromForgotPassword" value="on" /> : null}
            <SubmitButton name="intent" value="verify" pendingText={t.checking}>
              {t.continue}
            </SubmitButton>
            <p className="text-center text-sm text-slate-600">
              {foreign ? (
                <Link to={`${href("/panel/login")}${forgot ? "?forgot=1" : ""}`} className="text-brand-dark underline">
                  {t.indianNumber}
                </Link>
              ) : (
                <Link to={`${href("/panel/login")}?foreign=1${forgot ? "&forgot=1" : ""}`} className="text-brand-dark underline">
                  {t.outsideIndia}
                </Link>
              )}
            </p>
          </>
        )}
      </Form>
      <p className="mt-6 text-center text-sm text-slate-500">
        {t.staffMember}{" "}
        <Link to={href("/panel/franchisee-login")} className="text-brand-dark underline">
          {t.staffSignIn}
        </Link>
      </p>
    </AuthShell>
  );
}
