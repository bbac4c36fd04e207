import { getFormProps, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/agency";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { Field, FormError, SubmitButton } from "~/components/form";
import { agencyAdminFormSchema, agencyFormDefaults } from "#contracts/agency.ts";
import { AgencyForm, SAVE_AGENCY_INTENT, SslBadge, sslLabel } from "./agency-form";
import { adminFormErrorWords, agencyFormErrorWords, saveAgency } from "./agency-form.server";
import { speaking } from "~/lib/form-words";
import { formatDateTime } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/**
 * One agency (Agency Management, superadmin admins): its domain and HTTPS check (POST
 * /createSsl, re-check), its admin (POST /addAgencyAdmin) and its whole configuration (PUT
 * /agency). Three real forms, each working without JavaScript (ADR 0018).
 */

export const handle: PanelHandle = { title: "Agency" };
export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? data.agency.agencyName : "Agency" }];

const CHECK_INTENT = "check-domain";
const ADMIN_INTENT = "add-admin";
const pageOf = (agencyId: number) => href("/panel/admin/agency-management/:agencyId", { agencyId: String(agencyId) });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const agencyId = parseId(params.agencyId);
  const res = agencyId ? await getApi(context).call("GET /agency/{agencyId}", { params: { agencyId } }) : null;
  const t = pageMessages(context, "staffAgencies", "staffCommon");
  if (!res?.ok) {
    throw data({ message: t.staffAgencies.notFound }, { status: 404 });
  }
  const { agency } = res.data;
  // Where the agency's staff sign in: its own domain, with this server's scheme and port.
  const signInUrl = `${url.protocol}//${agency.host}${url.port ? `:${url.port}` : ""}${href("/panel/franchisee-login")}`;
  const checked = agency.ssl.checkedAt ? formatDateTime(agency.ssl.checkedAt, languageOf(context)) : null;
  return { agency, pageTitle: agency.agencyName, signInUrl, ourHost: url.hostname, checked, t, errorWords: agencyFormErrorWords(context), adminErrorWords: adminFormErrorWords(context) };
}

type AdminShape = z.input<typeof agencyAdminFormSchema>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const agencyId = parseId(params.agencyId);
  const { staffAgencies: t } = pageMessages(context, "staffAgencies");
  if (!agencyId) throw data({ message: t.notFound }, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = getApi(context);
  if (intent === SAVE_AGENCY_INTENT) {
    formData.set("agencyId", String(agencyId));
    return { ...(await saveAgency(context, formData)), adminResult: null };
  }
  if (intent === ADMIN_INTENT) {
    const submission = parseWithZod(formData, { schema: agencyAdminFormSchema });
    if (submission.status !== "success") return { result: null, adminResult: translateReply(context, submission.reply()) };
    const res = await api.call("POST /addAgencyAdmin", { body: { adminData: { ...submission.value, email: submission.value.email ?? undefined, agencyId } } });
    if (!res.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(res.fieldErrors ?? {}).map(([path, m]) => [path.replace(/^adminData\./, ""), m]));
      return { result: null, adminResult: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : [res.message] }) };
    }
    const message = fmt(res.data.created ? t.adminAdded : t.adminAlready, { name: submission.value.name });
    throw await redirectWithToast(`${pageOf(agencyId)}#admin`, { type: "success", message });
  }
  if (intent === CHECK_INTENT) {
    const res = await api.call("POST /createSsl", { body: { agencyId } });
    if (!res.ok) {
      throw await redirectWithToast(`${pageOf(agencyId)}#domain`, { type: "error", message: res.message });
    }
    const { status, domain, failureReason } = res.data.ssl;
    const toast =
      status === "active"
        ? { type: "success" as const, message: fmt(t.httpsOn, { domain: domain ?? "" }) }
        : { type: status === "pending_dns" ? ("info" as const) : ("error" as const), message: fmt(t.sslState, { status: sslLabel(t, status), reason: failureReason ?? t.checkLater }) };
    throw await redirectWithToast(`${pageOf(agencyId)}#domain`, toast);
  }
  return { result: null, adminResult: null };
}

function AdminForm({ lastResult, t, errorWords }: { lastResult: SubmissionResult<string[]> | null | undefined; t: Catalogue["staffAgencies"]; errorWords: Record<string, string> }) {
  const [form, fields] = useForm<AdminShape>({
    id: "agency-admin",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => speaking(parseWithZod(formData, { schema: agencyAdminFormSchema }) as unknown as Submission<AdminShape>, errorWords),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-3">
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.name as FieldMetadata<string>} label={t.adminName} autoComplete="off" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field field={fields.phoneNumber as FieldMetadata<string>} label={t.adminMobile} type="tel" inputMode="tel" autoComplete="off" />
        <Field field={fields.email as FieldMetadata<string>} label={t.adminEmail} type="email" autoComplete="off" />
      </div>
      <div className="flex justify-end">
        <SubmitButton name="intent" value={ADMIN_INTENT} pendingText={t.adding} className="w-auto! min-w-32">
          {t.addAdmin}
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function AgencyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agency, signInUrl, ourHost, checked, errorWords, adminErrorWords } = loaderData;
  const { staffAgencies: t, staffCommon: common } = loaderData.t;
  const { ssl } = agency;
  const [dnsBefore, dnsAfter = ""] = t.pointDns.split("{host}");
  const [signInBefore, signInAfter = ""] = t.adminSignsIn.split("{url}");
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold break-words text-slate-900">{agency.agencyName}</h2>
            <p className="text-sm break-all text-slate-700">{agency.host}</p>
            <Link
              to={href("/panel/admin/agency-management/:agencyId/billing", { agencyId: String(agency.agencyId) })}
              className="mt-1 inline-block text-sm font-medium text-brand-dark underline"
            >
              {t.billingLink}
            </Link>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {agency.isSuperadmin ? <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand-dark ring-1 ring-brand/30">{t.platform}</span> : null}
            {agency.isActive ? null : <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">{t.switchedOff}</span>}
          </div>
        </div>
      </Card>

      <Card>
        <h2 id="domain" className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {t.domainAndHttps} <SslBadge status={ssl.status} t={t} />
        </h2>
        <dl className="mt-2 space-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">{t.domainLabel}</dt>
            <dd className="inline break-all">{ssl.domain ?? agency.host}</dd>
          </div>
          {checked ? (
            <div>
              <dt className="inline font-medium">{t.lastChecked}</dt>
              <dd className="inline">{checked}</dd>
            </div>
          ) : null}
        </dl>
        {ssl.failureReason && ssl.status !== "active" ? (
          <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {ssl.failureReason}
          </p>
        ) : null}
        {ssl.status === "active" ? (
          <p className="mt-2 text-sm text-slate-600">{fmt(t.certsIssued, { host: agency.host })}</p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {dnsBefore}
            <strong className="break-all">{agency.host}</strong>
            {fmt(dnsAfter, { ourHost })}
          </p>
        )}
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value={CHECK_INTENT} pendingText={t.checking} className="w-auto! min-w-32">
            {ssl.status === "none" ? t.checkDomain : t.checkAgain}
          </SubmitButton>
        </Form>
      </Card>

      <Card>
        <h2 id="admin" className="font-semibold text-slate-900">
          {t.agencyAdmin}
        </h2>
        {agency.admin.name ? (
          <p className="mt-1 text-sm text-slate-700">
            {agency.admin.name}
            {agency.admin.phoneNumber ? `, ${agency.admin.phoneNumber}` : ""}
            {agency.admin.email ? `, ${agency.admin.email}` : ""}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">{t.noAdmin}</p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          {signInBefore}
          <span className="break-all font-medium">{signInUrl}</span>
          {signInAfter}
        </p>
        <AdminForm lastResult={actionData?.adminResult} t={t} errorWords={adminErrorWords} />
      </Card>

      <h2 className="pt-2 font-semibold text-slate-900">{t.configuration}</h2>
      <AgencyForm
        formId={`agency-${agency.agencyId}`}
        defaultValue={agencyFormDefaults(agency)}
        lastResult={actionData?.result}
        action={pageOf(agency.agencyId)}
        cancelTo={href("/panel/admin/agency-management")}
        submitLabel={t.saveChanges}
        t={t}
        common={common}
        errorWords={errorWords}
      />
    </div>
  );
}
