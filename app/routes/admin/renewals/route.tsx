import { Form, href, Link } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { fmt } from "~/lib/i18n";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { Pager } from "~/components/pager";
import { FormError, SubmitButton } from "~/components/form";
import { formatDate } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";
import { pipelineQuery, renewalSettingsBody, RENEWAL_DAY_CHOICES, RENEWAL_STAGES, type RenewalStage } from "#contracts/renewals.ts";
import { RateTable } from "./rate-table";

/*
 * The renewal pipeline (issue 25, ADR 0067): due, reminded, paid and lost cards of the businesses
 * this staff member may see, the renewal rate by month and by franchisee, a pay link to send by
 * hand, and (agency admins) the reminder settings. Reached from the staff home and the Report
 * page: SPEC §2's menus stay as they are.
 */
export const handle: PanelHandle = { title: "Renewals" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Renewals" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = pipelineQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = q.success ? q.data : { stage: "due" as const, page: 1 };
  const pipeline = await getApi(context).get("GET /renewals/pipeline", { query });
  const t = pageMessages(context, "renewals", "staffCommon");
  const lang = languageOf(context);
  const whatsappLink = messagesFor(lang, "whatsappSettings").whatsappSettings.openSettings;
  return {
    t,
    whatsappLink,
    pageTitle: t.renewals.title,
    pipeline: { ...pipeline, rows: pipeline.rows.map((r) => ({ ...r, expiresText: formatDate(r.expiresAt, lang) })) },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { renewals: t, staffCommon } = pageMessages(context, "renewals", "staffCommon");
  if (formData.get("intent") === "link") {
    const businessId = parseId(String(formData.get("businessId") ?? ""));
    if (!businessId) return { error: staffCommon.businessNotFound };
    const res = await getApi(context).call("POST /renewals/link", { body: { businessId } });
    if (!res.ok) return { error: res.message };
    return { link: { url: res.data.url, name: String(formData.get("businessName") ?? "") } };
  }
  const submission = parseWithZod(formData, { schema: renewalSettingsBody });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
  const res = await getApi(context).call("PUT /renewals/settings", { body: submission.value });
  if (!res.ok) return { error: res.message };
  throw await redirectWithToast(url.pathname + url.search, { type: "success", message: t.saved });
}

const stageLabel = (t: Route.ComponentProps["loaderData"]["t"]["renewals"], s: RenewalStage) => ({ due: t.stageDue, reminded: t.stageReminded, paid: t.stagePaid, lost: t.stageLost })[s];

function dayLabel(t: Route.ComponentProps["loaderData"]["t"]["renewals"], d: number) {
  if (d === 0) return t.onTheDay;
  if (d === -1) return t.dayBefore;
  if (d === 1) return t.dayAfter;
  return fmt(d < 0 ? t.daysBefore : t.daysAfter, { days: String(Math.abs(d)) });
}

export default function Renewals({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.renewals;
  const p = loaderData.pipeline;
  const base = href("/panel/admin/renewals");
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  const result = actionData && "result" in actionData ? actionData.result : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">{t.intro}</p>
      <nav aria-label={t.title} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {RENEWAL_STAGES.map((s) => (
          <Link
            key={s}
            to={`${base}?stage=${s}`}
            aria-current={p.stage === s ? "page" : undefined}
            className={`rounded-lg px-3 py-2 text-center ring-1 ${p.stage === s ? "bg-brand-dark text-white ring-brand-dark" : "bg-white text-slate-800 ring-slate-200"}`}
          >
            <span className="block text-xl font-semibold">{p.counts[s]}</span>
            <span className="text-sm">{stageLabel(t, s)}</span>
          </Link>
        ))}
      </nav>
      {actionData && "link" in actionData && actionData.link ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm break-all text-green-900">
          {fmt(t.payLinkReady, { name: actionData.link.name, url: actionData.link.url })}
        </p>
      ) : null}
      {actionData && "error" in actionData && actionData.error ? <FormError errors={[actionData.error]} /> : null}
      <Card>
        <h2 className="font-semibold text-slate-900">{stageLabel(t, p.stage)}</h2>
        {p.rows.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {p.rows.map((r) => (
              <li key={`${r.businessId}-${r.expiresText}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <Link to={href("/panel/admin/businesses/:businessId", { businessId: String(r.businessId) })} className="font-medium text-brand-dark underline">
                    {r.businessName}
                  </Link>
                  <p className="text-slate-600">
                    {t.expires}: {r.expiresText} · {t.franchisee}: {r.franchiseeName ?? t.direct}
                    {r.reminders ? ` · ${t.reminders}: ${r.reminders}` : ""}
                  </p>
                </div>
                {p.stage !== "paid" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="link" />
                    <input type="hidden" name="businessId" value={r.businessId} />
                    <input type="hidden" name="businessName" value={r.businessName} />
                    <SubmitButton className="sm:w-auto" pendingText={t.getPayLink}>
                      {t.getPayLink}
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pager page={p.page} pages={pages} total={p.total} hrefFor={(n) => `${base}?stage=${p.stage}&page=${n}`} text={loaderData.t.staffCommon} />
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.byMonth}</h2>
        <RateTable t={t} first={t.month} rows={p.months.map((m) => ({ key: m.month, label: m.month, ...m }))} />
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.byFranchisee}</h2>
        <RateTable t={t} first={t.franchisee} rows={p.franchisees.map((f) => ({ key: String(f.franchiseeId), label: f.name ?? t.direct, ...f }))} />
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.settings}</h2>
        {p.canEdit ? (
          <p className="mt-1 text-sm">
            <Link to={href("/panel/admin/whatsapp")} className="font-semibold text-brand-dark underline">
              {loaderData.whatsappLink}
            </Link>
          </p>
        ) : null}
        {p.canEdit ? (
          <Form method="post" className="mt-2 space-y-3">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" name="enabled" defaultChecked={p.settings.enabled} className="size-5 accent-brand" />
              {t.enabled}
            </label>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t.days}</legend>
              <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3">
                {RENEWAL_DAY_CHOICES.map((d) => (
                  <label key={d} className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" name="days" value={d} defaultChecked={p.settings.days.includes(d)} className="size-5 accent-brand" />
                    {dayLabel(t, d)}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormError errors={result?.error ? Object.values(result.error).flat().filter((e): e is string => !!e) : null} />
            <SubmitButton className="sm:w-auto" pendingText={t.saving}>
              {t.save}
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {p.settings.enabled ? t.enabled : "—"}: {p.settings.days.map((d) => dayLabel(t, d)).join(", ")}. {t.adminOnly}
          </p>
        )}
      </Card>
    </div>
  );
}
