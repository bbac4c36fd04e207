import { href, redirect } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { Pager } from "~/components/pager";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { FeedbackList } from "./feedback-list";
import { AlertSettingsForm } from "./alert-settings-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { enquiryAlertForm } from "#contracts/messages.ts";
import { replyWithApiError } from "~/lib/forms.server";
import { apiUrl } from "~/lib/api-url";
import { phoneLinks } from "#contracts/phone.ts";
import { parseId } from "#contracts/id.ts";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { useLanguage } from "~/lib/i18n";

export const handle: PanelHandle = { title: "Feedback" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.feedback.metaTitle ?? "Feedback and enquiries" }];

const PAGE_SIZE = 20;
const PATH = href("/panel/customer/feedback");

/** This list's address with other query values (page, business, the delete being confirmed). */
function listUrl(values: { page?: number; businessId?: number; delete?: number }) {
  const search = new URLSearchParams();
  if (values.businessId) search.set("businessId", String(values.businessId));
  if (values.page && values.page > 1) search.set("page", String(values.page));
  if (values.delete) search.set("delete", String(values.delete));
  return search.size ? `${PATH}?${search}` : PATH;
}

/** The active business's messages (or ?businessId, one of the customer's own), newest first. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const businessId = parseId(url.searchParams.get("businessId"));
  const api = getApi(context);
  const res = await api.get("GET /feedback", { query: { page, pageSize: PAGE_SIZE, businessId } });
  const pages = Math.max(1, Math.ceil(res.total / PAGE_SIZE));
  // Past the end (the last message of the last page was deleted): go to the last page.
  if (page > pages) throw redirect(listUrl({ page: pages, businessId }));
  const deleting = parseId(url.searchParams.get("delete"));
  // The business listed (the active one when none is named): its alert switches and downloads.
  const shown = res.businessId;
  const alerts = shown === null ? null : await api.get("GET /messages/enquiry-alerts", { query: { businessId: shown } });
  const t = pageMessages(context, "feedback", "staffCommon");
  return {
    t,
    pageTitle: t.feedback.title,
    alerts,
    exports:
      shown === null
        ? null
        : { csv: apiUrl("GET /feedback/export/csv", { query: { businessId: shown } }), vcf: apiUrl("GET /feedback/export/vcf", { query: { businessId: shown } }) },
    // Numbers are shown and linked here, on the server: the page ships no phone metadata.
    list: res.list.map((m) => ({ ...m, phone: m.phoneNumber ? phoneLinks(m.phoneNumber) : null, createdAt: m.createdAt.toString() })),
    total: res.total,
    page,
    pages,
    businessId,
    confirming: res.list.find((m) => m.id === deleting) ?? null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const t = pageMessages(context, "feedback").feedback;
  if (formData.get("intent") === "alert-settings") {
    const submission = parseWithZod(formData, { schema: enquiryAlertForm });
    if (submission.status !== "success") return { alertResult: translateReply(context, submission.reply()) };
    const v = submission.value;
    const body = { businessId: parseId(url.searchParams.get("businessId")), sms: !!v.sms, email: !!v.email, whatsapp: !!v.whatsapp };
    const res = await getApi(context).call("PUT /messages/enquiry-alerts", { body });
    if (!res.ok) return { alertResult: replyWithApiError(submission, res) };
    const back = listUrl({ page: parseId(url.searchParams.get("page")), businessId: body.businessId });
    throw await redirectWithToast(back, { type: "success", message: t.alertsSaved });
  }
  const id = parseId(url.searchParams.get("delete"));
  if (formData.get("intent") !== "delete-message" || !id) return { error: t.unknownAction };
  const res = await getApi(context).call("DELETE /feedback", { query: { id } });
  if (!res.ok) {
    return { error: res.message };
  }
  const back = listUrl({ page: parseId(url.searchParams.get("page")), businessId: parseId(url.searchParams.get("businessId")) });
  throw await redirectWithToast(back, { type: "success", message: t.messageDeleted });
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, page, pages, businessId, confirming, alerts, exports } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const t = loaderData.t.feedback;
  const lang = useLanguage();
  return (
    <div className="space-y-4">
      {alerts ? (
        <AlertSettingsForm
          settings={alerts}
          action={listUrl({ page, businessId })}
          lastResult={actionData && "alertResult" in actionData ? actionData.alertResult : undefined}
          t={t}
        />
      ) : null}
      {exports && list.length ? (
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href={exports.csv} download className="font-medium text-brand-dark underline">
            {t.downloadCsv}
          </a>
          <a href={exports.vcf} download className="font-medium text-brand-dark underline">
            {t.saveContacts}
          </a>
        </p>
      ) : null}
      {list.length ? (
        <>
          <p className="text-sm text-slate-600">
            {fmt(t[`count${pluralKey(total)}`], { total, business: list[0].businessName })}
          </p>
          <FeedbackList messages={list} deleteHref={(id) => listUrl({ page, businessId, delete: id })} t={t} lang={lang} />
          <Pager page={page} pages={pages} hrefFor={(p) => listUrl({ page: p, businessId })} words={[t.newer, t.older]} text={loaderData.t.staffCommon} />
        </>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{t.emptyTitle}</h2>
          <p className="mt-1 text-slate-600">{t.emptyBody}</p>
        </Card>
      )}
      {confirming && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmDelete, { name: confirming.name })}
          words={t}
          cancelTo={listUrl({ page, businessId })}
          action={listUrl({ page, businessId, delete: confirming.id })}
          intent="delete-message"
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={listUrl({ page, businessId })} words={t} /> : null}
    </div>
  );
}
