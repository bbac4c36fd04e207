import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/create-password";
import { getApi, getSession } from "~/lib/request-context.server";
import { HIDE_PASSWORDS, replyWithApiError } from "~/lib/forms.server";
import { pendingFor, signInFlow } from "~/lib/signin-flow.server";
import { customerPasswordForm, staffPasswordForm } from "./password-form";
import { AuthShell } from "~/components/auth-shell";
import { signInPageHandle } from "~/lib/sign-in-page";
import { Field, FormError, SubmitButton } from "~/components/form";
import { safeRedirectTo } from "~/lib/redirect-to";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";

/** A forgotten password is replaced, a first one created: the title and the button say which. */
const wording = (fromForgotPassword: boolean, t: Catalogue["signIn"]) =>
  fromForgotPassword ? { title: t.setNewPassword, button: t.saveNewPassword } : { title: t.createPassword, button: t.createPassword };

export const handle = signInPageHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? wording(loaderData.fromForgotPassword, loaderData.t.signIn).title : "Create password" }];

/** Only after the OTP is verified (SPEC §2); otherwise back to the OTP step. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const flow = signInFlow(url);
  const pending = pendingFor(getSession(context), flow.pendingKind);
  if (!pending?.otpVerified) throw redirect(flow.otpPath + flow.search);
  return { staff: flow.staff, fromForgotPassword: pending.fromForgotPassword, t: pageMessages(context, "signIn") };
}

/** The API logs the SIGN_UP analytics event itself when this creates the account (SPEC §4). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const flow = signInFlow(url);
  const formData = await request.formData();

  if (flow.staff) {
    const submission = parseWithZod(formData, { schema: staffPasswordForm });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply(HIDE_PASSWORDS)) };
    const res = await api.call("POST /franchisee/createPassword", { body: { password: submission.value.password } }, { authErrors: "return" });
    if (!res.ok) return { result: replyWithApiError(submission, res) };
    throw redirect(afterSignIn(url, flow));
  }

  const submission = parseWithZod(formData, { schema: customerPasswordForm });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply(HIDE_PASSWORDS)) };
  // The SPEC's payload carries the flag; the pending sign-in in the session is where it lives.
  const fromForgotPassword = pendingFor(getSession(context), flow.pendingKind)?.fromForgotPassword ?? false;
  const res = await api.call("POST /createPassword", { body: { password: submission.value.password, fromForgotPassword } }, { authErrors: "return" });
  if (!res.ok) return { result: replyWithApiError(submission, res) };
  throw redirect(afterSignIn(url, flow));
}

/** Home, or the page a 'Failed to authenticate user' dialog came from (ADR 0012). */
const afterSignIn = (url: URL, flow: ReturnType<typeof signInFlow>) =>
  safeRedirectTo(url.searchParams.get("redirectTo"), flow.staff ? "staff" : "customer", flow.homePath);

export default function CreatePassword({ loaderData, actionData }: Route.ComponentProps) {
  const schema = loaderData.staff ? staffPasswordForm : customerPasswordForm;
  const t = loaderData.t.signIn;
  const words = wording(loaderData.fromForgotPassword, t);
  const [form, fields] = useForm({
    id: "create-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <AuthShell
      title={words.title}
      subtitle={t.passwordHint}
      languageSwitch
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Field field={fields.password} label={t.password} type="password" autoComplete="new-password" autoFocus />
        <Field field={fields.confirmPassword} label={t.confirmPassword} type="password" autoComplete="new-password" />
        <SubmitButton pendingText={t.saving}>{words.button}</SubmitButton>
      </Form>
    </AuthShell>
  );
}
