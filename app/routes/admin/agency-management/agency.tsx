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
import { agencyAdminFormSchema, agencyFormDefaults, SSL_STATUS_LABELS } from "#contracts/agency.ts";
import { AgencyForm, SAVE_AGENCY_INTENT, SslBadge } from "./agency-form";
import { saveAgency } from "./agency-form.server";
import { formatDateTime } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";

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
  if (!res?.ok) {
    throw data({ message: "Agency not found." }, { status: 404 });
  }
  const { agency } = res.data;
  // Where the agency's staff sign in: its own domain, with this server's scheme and port.
  const signInUrl = `${url.protocol}//${agency.host}${url.port ? `:${url.port}` : ""}${href("/panel/franchisee-login")}`;
  return { agency, pageTitle: agency.agencyName, signInUrl, ourHost: url.hostname };
}

type AdminShape = z.input<typeof agencyAdminFormSchema>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const agencyId = parseId(params.agencyId);
  if (!agencyId) throw data({ message: "Agency not found." }, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = getApi(context);
  if (intent === SAVE_AGENCY_INTENT) {
    formData.set("agencyId", String(agencyId));
    return { ...(await saveAgency(context, formData)), adminResult: null };
  }
  if (intent === ADMIN_INTENT) {
    const submission = parseWithZod(formData, { schema: agencyAdminFormSchema });
    if (submission.status !== "success") return { result: null, adminResult: submission.reply() };
    const res = await api.call("POST /addAgencyAdmin", { body: { adminData: { ...submission.value, email: submission.value.email ?? undefined, agencyId } } });
    if (!res.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(res.fieldErrors ?? {}).map(([path, m]) => [path.replace(/^adminData\./, ""), m]));
      return { result: null, adminResult: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : [res.message] }) };
    }
    const message = res.data.created
      ? `${submission.value.name} is the agency's admin. They sign in on the agency's domain with their phone number and set a password with the OTP we send.`
      : `${submission.value.name} is already the agency's admin.`;
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
        ? { type: "success" as const, message: `${domain} reaches us: HTTPS is on.` }
        : { type: status === "pending_dns" ? ("info" as const) : ("error" as const), message: `${SSL_STATUS_LABELS[status]}: ${failureReason ?? "check again in a few minutes."}` };
    throw await redirectWithToast(`${pageOf(agencyId)}#domain`, toast);
  }
  return { result: null, adminResult: null };
}

function AdminForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm<AdminShape>({
    id: "agency-admin",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: agencyAdminFormSchema }) as unknown as Submission<AdminShape>,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-3">
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.name as FieldMetadata<string>} label="Admin name" autoComplete="off" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field field={fields.phoneNumber as FieldMetadata<string>} label="Admin mobile number" type="tel" inputMode="tel" autoComplete="off" />
        <Field field={fields.email as FieldMetadata<string>} label="Admin email (optional)" type="email" autoComplete="off" />
      </div>
      <div className="flex justify-end">
        <SubmitButton name="intent" value={ADMIN_INTENT} pendingText="Adding…" className="w-auto! min-w-32">
          Add admin
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function AgencyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agency, signInUrl, ourHost } = loaderData;
  const { ssl } = agency;
  const checked = ssl.checkedAt ? formatDateTime(ssl.checkedAt) : null;
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
              Billing: bills and payments
            </Link>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {agency.isSuperadmin ? <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand-dark ring-1 ring-brand/30">Platform</span> : null}
            {agency.isActive ? null : <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">Switched off</span>}
          </div>
        </div>
      </Card>

      <Card>
        <h2 id="domain" className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          Domain and HTTPS <SslBadge status={ssl.status} />
        </h2>
        <dl className="mt-2 space-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">Domain: </dt>
            <dd className="inline break-all">{ssl.domain ?? agency.host}</dd>
          </div>
          {checked ? (
            <div>
              <dt className="inline font-medium">Last checked: </dt>
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
          <p className="mt-2 text-sm text-slate-600">Certificates are issued on the first https:// visit to {agency.host}.</p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            Point <strong className="break-all">{agency.host}</strong> at our server (an A record to its address, or a CNAME to {ourHost}), then check it: we
            fetch a check file over http:// and, when it comes back, allow its HTTPS certificate.
          </p>
        )}
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value={CHECK_INTENT} pendingText="Checking…" className="w-auto! min-w-32">
            {ssl.status === "none" ? "Check domain" : "Check again"}
          </SubmitButton>
        </Form>
      </Card>

      <Card>
        <h2 id="admin" className="font-semibold text-slate-900">
          Agency admin
        </h2>
        {agency.admin.name ? (
          <p className="mt-1 text-sm text-slate-700">
            {agency.admin.name}
            {agency.admin.phoneNumber ? `, ${agency.admin.phoneNumber}` : ""}
            {agency.admin.email ? `, ${agency.admin.email}` : ""}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">No admin yet.</p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          An admin signs in at <span className="break-all font-medium">{signInUrl}</span> with their mobile number; the first time, an OTP lets them set their
          password.
        </p>
        <AdminForm lastResult={actionData?.adminResult} />
      </Card>

      <h2 className="pt-2 font-semibold text-slate-900">Configuration</h2>
      <AgencyForm
        formId={`agency-${agency.agencyId}`}
        defaultValue={agencyFormDefaults(agency)}
        lastResult={actionData?.result}
        action={pageOf(agency.agencyId)}
        cancelTo={href("/panel/admin/agency-management")}
        submitLabel="Save changes"
      />
    </div>
  );
}
