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
import { parseId } from "#contracts/id.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { errorWordsFor, pageMessages, translateReply } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "PDF ID card" };
export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData ? fmt(loaderData.t.pdfCards.titleNamed, { name: loaderData.card.companyName }) : "PDF ID card" }];

// Not an id: 0, which the API answers as "no such row" (422), shown as not found.
const idOf = (raw: string) => parseId(raw) ?? 0;
const editorHref = (pdfCardNo: number) => href("/panel/customer/pdf-cards/:pdfCardNo", { pdfCardNo: String(pdfCardNo) });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const t = pageMessages(context, "pdfCards");
  const res = await getApi(context).call("GET /pdf-card/pdfCard", { query: { pdfCardNo: idOf(params.pdfCardNo) } });
  if (!res.ok) {
    throw data({ message: res.status === 422 ? t.pdfCards.notFound : res.message }, { status: res.status === 422 ? 404 : res.status });
  }
  const { pdfCard } = res.data;
  return {
    t,
    pageTitle: t.pdfCards.title,
    // What updatePdfCardBasicDetailsBody can say, so the check while typing is in the page's language too.
    errorWords: errorWordsFor(context, [
      "This field is required.",
      "Use at most {max} characters.",
      "A valid phone number is required.",
      "A valid email is required.",
      "Use an uploaded image or an https link.",
      "Add at least one person.",
      "At most {max} people on one PDF card.",
      "Choose a template from the list.",
    ]),
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
  const t = pageMessages(context, "pdfCards").pdfCards;

  if (intent === "export") {
    // Its plan-limit 403 opens this page's #upgrade dialog, so this call handles 401/403 itself.
    const res = await api.call("POST /pdf-card/exportPdfCard", { body: { pdfCardNo } }, { authErrors: "return" });
    if (!res.ok) {
      // Not paid for and no room in the plan: the #upgrade dialog offers the single PDF card.
      if (res.status === 403 && res.data.upgrade === true) throw await redirectWithToast(`${here}#upgrade`, { type: "info", message: res.message });
      throwIfAuthError(res);
      return { result: undefined, error: res.message };
    }
    throw await redirectWithToast(here, { type: "success", message: t.exportedToast });
  }
  if (intent === "delete") {
    const res = await api.call("POST /pdf-card/deletePdfCard", { body: { pdfCardNo } });
    if (!res.ok) {
      return { result: undefined, error: res.message };
    }
    throw await redirectWithToast(`${href("/panel/customer/projects")}?projectType=pdf_id_card`, { type: "success", message: t.deletedToast });
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
    return { result: translateReply(context, submission.reply({ fieldErrors: { ...(submission.status === "error" ? submission.error : {}), ...uploadErrors } as Record<string, string[]> })), error: null };
  }
  const res = await api.call("POST /pdf-card/updatePdfCardBasicDetails", { body: submission.value });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res), error: null };
  }
  throw await redirectWithToast(here, { type: "success", message: t.savedToast });
}

export default function PdfCardEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { card, confirming } = loaderData;
  const t = loaderData.t.pdfCards;
  const here = editorHref(card.pdfCardNo);
  const button = "inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold shadow";
  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="space-y-4">
          <Card className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{card.companyName}</h2>
              <PdfCardBadges card={card} t={t} />
            </div>
            {/* The PDF's first card page, drawn by the same code as the file. */}
            <img
              key={card.updatedAt}
              src={`${apiUrl("GET /pdf-card/preview", { query: { pdfCardNo: card.pdfCardNo } })}&v=${encodeURIComponent(card.updatedAt)}`}
              alt={fmt(t.previewOf, { name: card.people[0]?.personName ?? card.companyName })}
              className="mx-auto max-h-96 rounded-lg shadow ring-1 ring-slate-200"
            />
            <p className="text-sm text-slate-600">
              {card.isPaid ? (card.paidBy === "credit" ? t.exportedCredit : t.exportedPlan) : t.sampleNote} {t.pagesNote}
            </p>
            <PdfDownloadLink
              url={apiUrl("GET /pdf-card/downloadPdfCard", { query: { pdfCardNo: card.pdfCardNo } })}
              fileName={`${card.pdfCardNo}.pdf`}
              className={`${button} bg-white text-brand-dark ring-1 ring-brand`}
              t={t}
            >
              {card.isPaid ? t.downloadPdf : t.downloadSample}
            </PdfDownloadLink>
            {card.canExport && !card.isPaid ? (
              <Form method="post">
                <SubmitButton name="intent" value="export" pendingText={t.exporting}>
                  {t.exportButton}
                </SubmitButton>
              </Form>
            ) : null}
            {!card.isPaid ? (
              <p className="text-xs text-slate-600">{t.notPaid}</p>
            ) : null}
          </Card>
          {!card.isPaid ? (
            <Link to={`${here}?confirm=delete`} className="block text-center text-sm font-medium text-red-700 underline">
              {t.deleteCard}
            </Link>
          ) : null}
        </div>
        {card.canExport || !card.isPaid ? (
          <PdfCardForm key={card.updatedAt} card={card} lastResult={actionData?.result} t={t} errorWords={loaderData.errorWords} />
        ) : (
          <Card>
            <p className="text-slate-700">{t.singleExportUsed}</p>
          </Card>
        )}
      </div>
      {confirming && !actionData?.error ? (
        <ConfirmDialog message={fmt(t.confirmDelete, { name: card.companyName })} cancelTo={here} action={here} intent="delete" words={t} />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} words={t} /> : null}
    </div>
  );
}
