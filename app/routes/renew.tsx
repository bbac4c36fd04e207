import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/renew";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { getApi } from "~/lib/request-context.server";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";
import type { NoScriptsHandle } from "~/root";
import { formatDate, formatPrice } from "#contracts/format.ts";
import { readPaymentFailure } from "#contracts/payment-texts.ts";

/**
 * A renewal reminder's pay link (ADR 0067): no sign-in, plain HTML. Opening it changes nothing
 * (message scanners open links); Pay makes the Razorpay Payment Link once and sends the browser
 * there. Razorpay (or the test gateway) brings it back here with ?payment=paid.
 */
export const handle: NoScriptsHandle = { noScripts: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.renewals.renewTitle ?? "Renew" }, { name: "robots", content: "noindex" }];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const t = pageMessages(context, "renewals", "errors");
  const res = await getApi(context).call("GET /renewals/pay/{token}", { params: { token: params.token } });
  if (!res.ok) throw data({ message: res.message, status: 404 }, { status: 404 });
  const lang = languageOf(context);
  const r = res.data;
  return {
    t: { renewals: t.renewals },
    info: { ...r, amountText: r.amount === null ? null : formatPrice(r.amount), expiresText: r.expiresAt ? formatDate(r.expiresAt, lang) : null},
    failure: readPaymentFailure(url.searchParams)?.reason ?? null,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const res = await getApi(context).call("POST /renewals/pay/{token}", { params: { token: params.token } });
  if (!res.ok) return { error: res.message };
  throw redirect(res.data.url);
}

export default function Renew({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.renewals;
  const { info, failure } = loaderData;
  if (info.state === "paid") {
    return (
      <AuthShell title={t.paidTitle} subtitle={info.businessName}>
        <div role="status" className="space-y-4 text-sm text-slate-700">
          {info.expiresText ? <p>{fmt(t.liveUntil, { date: info.expiresText })}</p> : null}
          {info.cardUrl ? (
            <a href={info.cardUrl} className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white">
              {t.openCard}
            </a>
          ) : null}
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t.renewTitle} subtitle={fmt(t.renewFor, { name: info.businessName })}>
      <div className="space-y-4 text-sm text-slate-700">
        {info.expiresText ? <p>{fmt(info.expired ? t.expiredOn : t.expiresOn, { date: info.expiresText })}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {info.planName ? (
            <>
              <dt className="text-slate-500">{t.plan}</dt>
              <dd className="font-medium text-slate-900">{info.planName}</dd>
            </>
          ) : null}
          {info.amountText ? (
            <>
              <dt className="text-slate-500">{t.amount}</dt>
              <dd className="font-medium text-slate-900">{info.amountText}</dd>
            </>
          ) : null}
        </dl>
        {failure ? (
          <p role="alert" className="text-red-700">
            {fmt(t.failed, { reason: failure })}
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="text-red-700">
            {actionData.error}
          </p>
        ) : null}
        {info.state === "open" && info.amountText ? (
          <Form method="post" className="space-y-2">
            <SubmitButton pendingText={t.paying}>{fmt(t.payNow, { amount: info.amountText })}</SubmitButton>
            <p className="text-xs text-slate-500">{t.noSignIn}</p>
          </Form>
        ) : (
          <p>{t.unavailable}</p>
        )}
      </div>
    </AuthShell>
  );
}
