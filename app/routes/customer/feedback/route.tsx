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

export const handle: PanelHandle = { title: "Feedback" };
export const meta = () => [{ title: "Feedback and enquiries" }];

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
  return {
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
  if (formData.get("intent") === "alert-settings") {
    const submission = parseWithZod(formData, { schema: enquiryAlertForm });
    if (submission.status !== "success") return { alertResult: submission.reply() };
    const v = submission.value;
    const body = { businessId: parseId(url.searchParams.get("businessId")), sms: !!v.sms, email: !!v.email, whatsapp: !!v.whatsapp };
    const res = await getApi(context).call("PUT /messages/enquiry-alerts", { body });
    if (!res.ok) return { alertResult: replyWithApiError(submission, res) };
    const back = listUrl({ page: parseId(url.searchParams.get("page")), businessId: body.businessId });
    throw await redirectWithToast(back, { type: "success", message: "Alert settings saved." });
  }
  const id = parseId(url.searchParams.get("delete"));
  if (formData.get("intent") !== "delete-message" || !id) return { error: "Unknown action." };
  const res = await getApi(context).call("DELETE /feedback", { query: { id } });
  if (!res.ok) {
    return { error: res.message };
  }
  const back = listUrl({ page: parseId(url.searchParams.get("page")), businessId: parseId(url.searchParams.get("businessId")) });
  throw await redirectWithToast(back, { type: "success", message: "Message deleted." });
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, page, pages, businessId, confirming, alerts, exports } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="space-y-4">
      {alerts ? (
        <AlertSettingsForm
          settings={alerts}
          action={listUrl({ page, businessId })}
          lastResult={actionData && "alertResult" in actionData ? actionData.alertResult : undefined}
        />
      ) : null}
      {exports && list.length ? (
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href={exports.csv} download className="font-medium text-brand-dark underline">
            Download as CSV (spreadsheet)
          </a>
          <a href={exports.vcf} download className="font-medium text-brand-dark underline">
            Save all as contacts (vCard)
          </a>
        </p>
      ) : null}
      {list.length ? (
        <>
          <p className="text-sm text-slate-600">
            {total} message{total === 1 ? "" : "s"} from visitors of {list[0].businessName}&apos;s digital card, newest first.
          </p>
          <FeedbackList messages={list} deleteHref={(id) => listUrl({ page, businessId, delete: id })} />
          <Pager page={page} pages={pages} hrefFor={(p) => listUrl({ page: p, businessId })} words={["Newer", "Older"]} />
        </>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">No messages yet</h2>
          <p className="mt-1 text-slate-600">
            When visitors send an enquiry or feedback from your digital card, it shows up here. Share your card link to get
            started.
          </p>
        </Card>
      )}
      {confirming && !error ? (
        <ConfirmDialog
          message={`Delete the message from ${confirming.name}? This cannot be undone.`}
          cancelTo={listUrl({ page, businessId })}
          action={listUrl({ page, businessId, delete: confirming.id })}
          intent="delete-message"
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={listUrl({ page, businessId })} /> : null}
    </div>
  );
}
