import { Form, href } from "react-router";
import type { Route } from "./+types/templates";
import { getApi } from "~/lib/request-context.server";
import { chosenBusiness } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";
import { ErrorDialog } from "~/components/dialogs";
import { PdfCardList } from "~/components/pdf-cards/pdf-card-list";
import { PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";
import { templateWords } from "./template-words";

export const handle: PanelHandle = { title: "PDF ID card templates" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "PDF ID card templates" }];


export async function loader({ url, context }: Route.LoaderArgs) {
  const business = await chosenBusiness(context, url);
  const { pdfCards } = await getApi(context).get("GET /pdf-card/getPdfCardsByBusiness", { query: { businessId: business.businessId } });
  const t = pageMessages(context, "pdfCards");
  return {
    t,
    pageTitle: t.pdfCards.templatesTitle,
    business: { businessId: business.businessId, businessName: business.businessName },
    cards: pdfCards.map((c) => ({ ...c, createdAt: String(c.createdAt) })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const business = await chosenBusiness(context, url);
  const form = await request.formData();
  const templateCode = String(form.get("templateCode") ?? "");
  const res = await getApi(context).call("POST /pdf-card/pdfCard", {
    body: { businessId: business.businessId, templateCode: templateCode as (typeof PDF_CARD_TEMPLATES)[number]["code"] },
  });
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(href("/panel/customer/pdf-cards/:pdfCardNo", { pdfCardNo: String(res.data.pdfCard.pdfCardNo) }), {
    type: "success",
    message: pageMessages(context, "pdfCards").pdfCards.created,
  });
}

export default function PdfCardTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { business, cards } = loaderData;
  const t = loaderData.t.pdfCards;
  const [introBefore, introAfter] = t.templatesIntro.split("{business}");
  const here = `${href("/panel/customer/pdf-card-templates")}?businessId=${business.businessId}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-20">
      {cards.length ? (
        <section aria-labelledby="my-pdf-cards" className="space-y-3">
          <h2 id="my-pdf-cards" className="text-lg font-semibold text-slate-900">
            {fmt(t.myCards, { business: business.businessName })}
          </h2>
          <PdfCardList cards={cards} t={t} />
        </section>
      ) : null}
      <section aria-labelledby="templates" className="space-y-3">
        <h2 id="templates" className="text-lg font-semibold text-slate-900">
          {t.chooseTemplate}
        </h2>
        <p className="text-sm text-slate-600">
          {introBefore}
          {business.businessName}
          {introAfter}
        </p>
        <ul className="grid gap-4 sm:grid-cols-2">
          {PDF_CARD_TEMPLATES.map((one) => templateWords(one, t)).map((tpl) => (
            <li key={tpl.code}>
              <Card className="flex h-full flex-col gap-3">
                <h3 className="font-semibold text-slate-900">
                  {tpl.name} <span className="text-sm font-normal text-slate-600">({tpl.orientationWord})</span>
                </h3>
                <img
                  src={apiUrl("GET /pdf-card/template-preview", { query: { templateCode: tpl.code, businessId: business.businessId } })}
                  alt={tpl.previewAlt}
                  width={tpl.orientation === "portrait" ? 180 : 285}
                  height={tpl.orientation === "portrait" ? 285 : 180}
                  loading="lazy"
                  className="mx-auto rounded-lg shadow ring-1 ring-slate-200"
                />
                <p className="text-sm text-slate-600">{tpl.description}</p>
                <Form method="post" className="mt-auto">
                  <SubmitButton name="templateCode" value={tpl.code} pendingText={tpl.creating}>
                    {tpl.useLabel}
                  </SubmitButton>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} words={t} /> : null}
    </div>
  );
}
