import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/editor";
import { getApi } from "~/lib/request-context.server";
import { throwIfAuthError } from "~/lib/api.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { PdfCardForm, PHOTO_FILE_SUFFIX } from "./pdf-card-form";
import { PdfDownloadLink } from "./download-link";
import { PdfCardBadges } from "~/components/pdf-cards/pdf-card-list";
import { updatePdfCardBasicDetailsBody } from "#contracts/pdf-cards.ts";
import { PDF_CARD_MESSAGES } from "#contracts/pdf-card-constants.ts";
import { parseId } from "#contracts/id.ts";

export const handle: PanelHandle = { title: "PDF ID card" };
export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? `${data.card.companyName} · PDF ID card` : "PDF ID card" }];

// Not an id: 0, which the API answers as "no such row" (422), shown as not found.
const idOf = (raw: string) => parseId(raw) ?? 0;
const editorHref = (pdfCardNo: number) => href("/panel/customer/pdf-cards/:pdfCardNo", { pdfCardNo: String(pdfCardNo) });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /pdf-card/pdfCard", { query: { pdfCardNo: idOf(params.pdfCardNo) } });
  if (!res.ok) {
    throw data({ message: res.status === 422 ? PDF_CARD_MESSAGES.notFound : res.message }, { status: res.status === 422 ? 404 : res.status });
  }
  const { pdfCard } = res.data;
  return {
    // To the millisecond: it keys the form, which must start afresh after every save (even one within the second of the last).
    card: { ...pdfCard, createdAt: undefined, updatedAt: new Date(pdfCard.updatedAt).toISOString(), lastExportedAt: undefined },
    confirming: url.searchParams.get("confirm") === "delete",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = getApi(context);
  const pdfCardNo = idOf(params.pdfCardNo);
  const here = editorHref(pdfCardNo);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "export") {
    // Its plan-limit 403 opens this page's #upgrade dialog, so this call handles 401/403 itself.
    const res = await api.call("POST /pdf-card/exportPdfCard", { body: { pdfCardNo } }, { authErrors: "return" });
    if (!res.ok) {
      // Not paid for and no room in the plan: the #upgrade dialog offers the single PDF card.
      if (res.status === 403 && res.data.upgrade === true) throw await redirectWithToast(`${here}#upgrade`, { type: "info", message: res.message });
      throwIfAuthError(res);
      return { result: undefined, error: res.message };
    }
    throw await redirectWithToast(here, { type: "success", message: PDF_CARD_MESSAGES.exported });
  }
  if (intent === "delete") {
    const res = await api.call("POST /pdf-card/deletePdfCard", { body: { pdfCardNo } });
    if (!res.ok) {
      return { result: undefined, error: res.message };
    }
    throw await redirectWithToast(`${href("/panel/customer/projects")}?projectType=pdf_id_card`, { type: "success", message: PDF_CARD_MESSAGES.deleted });
  }

  // Photos picked in the form (works without JavaScript): each goes to the upload API first and
  // its /uploads path takes the place of the person's photo link.
  const uploadErrors: Record<string, string[]> = {};
  for (const [name, value] of Array.from(formData)) {
    if (!name.endsWith(PHOTO_FILE_SUFFIX)) continue;
    formData.delete(name);
    if (!(value instanceof File) || value.size === 0) continue;
    const field = name.slice(0, -PHOTO_FILE_SUFFIX.length);
    const businessId = parseId(String(formData.get("businessId") ?? "")) ?? 0;
    const up = await api.call("POST /document/uploadDoc", { body: { file: value, hierarchy1: "card-profile", hierarchy2: businessId } });
    if (up.ok) formData.set(field, up.data.url);
    else {
      uploadErrors[field] = [up.fieldErrors?.file?.[0] ?? up.message];
    }
  }
  formData.delete("businessId");

  formData.set("pdfCardNo", String(pdfCardNo));
  const submission = parseWithZod(formData, { schema: updatePdfCardBasicDetailsBody });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return { result: submission.reply({ fieldErrors: { ...(submission.status === "error" ? submission.error : {}), ...uploadErrors } as Record<string, string[]> }), error: null };
  }
  const res = await api.call("POST /pdf-card/updatePdfCardBasicDetails", { body: submission.value });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res), error: null };
  }
  throw await redirectWithToast(here, { type: "success", message: PDF_CARD_MESSAGES.saved });
}

export default function PdfCardEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { card, confirming } = loaderData;
  const here = editorHref(card.pdfCardNo);
  const button = "inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold shadow";
  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="space-y-4">
          <Card className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{card.companyName}</h2>
              <PdfCardBadges card={card} />
            </div>
            {/* The PDF's first card page, drawn by the same code as the file. */}
            <img
              key={card.updatedAt}
              src={`${apiUrl("GET /pdf-card/preview", { query: { pdfCardNo: card.pdfCardNo } })}&v=${encodeURIComponent(card.updatedAt)}`}
              alt={`Preview of ${card.people[0]?.personName ?? card.companyName}'s ID card`}
              className="mx-auto max-h-96 rounded-lg shadow ring-1 ring-slate-200"
            />
            <p className="text-sm text-slate-600">
              {card.isPaid
                ? `Exported${card.paidBy === "credit" ? " with a bought PDF card (one export)" : " with your plan"}: the PDF has no SAMPLE watermark.`
                : "Until you export it, the PDF carries a large SAMPLE watermark."}{" "}
              The PDF holds one CR80 card page per person (with 3 mm bleed for print shops) and A4 sheets of 10 for office printers.
            </p>
            <PdfDownloadLink
              url={apiUrl("GET /pdf-card/downloadPdfCard", { query: { pdfCardNo: card.pdfCardNo } })}
              fileName={`${card.pdfCardNo}.pdf`}
              className={`${button} bg-white text-brand-dark ring-1 ring-brand`}
            >
              {card.isPaid ? "Download PDF" : "Download sample PDF"}
            </PdfDownloadLink>
            {card.canExport && !card.isPaid ? (
              <Form method="post">
                <SubmitButton name="intent" value="export" pendingText="Exporting…">
                  Export without watermark
                </SubmitButton>
              </Form>
            ) : null}
            {!card.isPaid ? (
              <p className="text-xs text-slate-600">{PDF_CARD_MESSAGES.notPaid}</p>
            ) : null}
          </Card>
          {!card.isPaid ? (
            <Link to={`${here}?confirm=delete`} className="block text-center text-sm font-medium text-red-700 underline">
              Delete this PDF card
            </Link>
          ) : null}
        </div>
        {card.canExport || !card.isPaid ? (
          <PdfCardForm key={card.updatedAt} card={card} lastResult={actionData?.result} />
        ) : (
          <Card>
            <p className="text-slate-700">{PDF_CARD_MESSAGES.singleExportUsed}</p>
          </Card>
        )}
      </div>
      {confirming && !actionData?.error ? (
        <ConfirmDialog message={`Delete the PDF card of ${card.companyName}? This cannot be undone.`} cancelTo={here} action={here} intent="delete" />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} /> : null}
    </div>
  );
}
