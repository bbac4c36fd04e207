import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { chosenBusiness } from "~/lib/customer.server";
import { cardEditorHref } from "~/lib/business-form";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "Offline share kit" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Offline share kit" }];

/**
 * The offline share kit (ADR 0062) and "Save to Google Wallet" (ADR 0064) of a business's card:
 * the two codes, the A6 counter poster to print, the Wallet link when the operator set it up.
 * Links only: everything works without JavaScript.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const business = await chosenBusiness(context, url);
  const t = pageMessages(context, "shareKit");
  const pageTitle = t.shareKit.title;
  const res = await getApi(context).call("GET /share-kit", { query: { businessId: business.businessId } });
  if (!res.ok) {
    if (res.status === 404) return { t, pageTitle, businessName: business.businessName, kit: null, editorHref: cardEditorHref(business.businessId), posterHref: null };
    throw data({ message: res.message }, { status: res.status });
  }
  return {
    t,
    pageTitle,
    businessName: business.businessName,
    kit: res.data,
    editorHref: cardEditorHref(business.businessId),
    posterHref: apiUrl("GET /share-kit/poster", { query: { businessId: business.businessId } }),
  };
}

const button = "inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold";

export default function ShareKit({ loaderData }: Route.ComponentProps) {
  const { businessName, kit, editorHref, posterHref } = loaderData;
  const t = loaderData.t.shareKit;
  if (!kit || !posterHref) {
    return (
      <Card className="mx-auto max-w-2xl space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t.title}</h2>
        <p className="text-slate-700">{fmt(t.noCard, { business: businessName })}</p>
        <Link to={editorHref} className={`${button} bg-brand-dark text-white hover:bg-brand-darker`}>
          {t.createCard}
        </Link>
      </Card>
    );
  }
  const code = (kind: "contact" | "upi") => apiUrl(`GET /public-card/{cardId}/${kind}-qr.png`, { params: { cardId: kit.cardId }, query: { download: "true" } });
  const [addUpiBefore, addUpiAfter] = t.addUpi.split("{link}");
  const show = (kind: "contact" | "upi") => apiUrl(`GET /public-card/{cardId}/${kind}-qr.svg`, { params: { cardId: kit.cardId }, query: {} });
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t.anyPhone}</h2>
        <p className="text-slate-700">{t.intro}</p>
        <a href={posterHref} download={`${kit.cardId}-poster.pdf`} className={`${button} w-full bg-brand-dark text-white hover:bg-brand-darker sm:w-auto`}>
          {t.downloadPoster}
        </a>
        {kit.live ? (
          <div className="grid gap-4 pt-2 sm:grid-cols-2">
            <figure className="text-center">
              <img src={show("contact")} alt={t.contactQrAlt} width={224} height={224} className="mx-auto size-56" />
              <figcaption className="mt-1 text-sm text-slate-700">
                {t.saveContact} ·{" "}
                <a href={code("contact")} className="font-semibold text-brand-dark underline">
                  {t.downloadPng}
                </a>
              </figcaption>
            </figure>
            {kit.hasUpi ? (
              <figure className="text-center">
                <img src={show("upi")} alt={t.upiQrAlt} width={224} height={224} className="mx-auto size-56" />
                <figcaption className="mt-1 text-sm text-slate-700">
                  {t.payByUpi} ·{" "}
                  <a href={code("upi")} className="font-semibold text-brand-dark underline">
                    {t.downloadPng}
                  </a>
                </figcaption>
              </figure>
            ) : (
              <p className="self-center text-sm text-slate-600">
                {addUpiBefore}
                <Link to={editorHref} className="font-semibold text-brand-dark underline">
                  {t.paymentOptions}
                </Link>
                {addUpiAfter}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t.notLive}</p>
        )}
      </Card>
      {kit.walletUrl ? (
        <Card className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">{t.wallet}</h2>
          <p className="text-slate-700">{t.walletHelp}</p>
          <a href={kit.walletUrl} target="_blank" rel="noopener noreferrer" className={`${button} bg-black text-white hover:bg-slate-800`}>
            {t.saveToWallet}
          </a>
        </Card>
      ) : null}
    </div>
  );
}
