import { href, redirect } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { Pager } from "~/components/pager";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { FeedbackList } from "./feedback-list";
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
  const res = await getApi(context).get("GET /feedback", { query: { page, pageSize: PAGE_SIZE, businessId } });
  const pages = Math.max(1, Math.ceil(res.total / PAGE_SIZE));
  // Past the end (the last message of the last page was deleted): go to the last page.
  if (page > pages) throw redirect(listUrl({ page: pages, businessId }));
  const deleting = parseId(url.searchParams.get("delete"));
  return {
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
  const { list, total, page, pages, businessId, confirming } = loaderData;
  return (
    <div className="space-y-4">
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
      {confirming && !actionData?.error ? (
        <ConfirmDialog
          message={`Delete the message from ${confirming.name}? This cannot be undone.`}
          cancelTo={listUrl({ page, businessId })}
          action={listUrl({ page, businessId, delete: confirming.id })}
          intent="delete-message"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={listUrl({ page, businessId })} /> : null}
    </div>
  );
}
