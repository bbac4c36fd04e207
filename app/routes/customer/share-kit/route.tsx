import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { chosenBusiness } from "~/lib/customer.server";
import { cardEditorHref } from "~/lib/business-form";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";

export const handle: PanelHandle = { title: "Offline share kit" };
export const meta = () => [{ title: "Offline share kit" }];

/**
 * The offline share kit (ADR 0062) and "Save to Google Wallet" (ADR 0064) of a business's card:
 * the two codes, the A6 counter poster to print, the Wallet link when the operator set it up.
 * Links only: everything works without JavaScript.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const business = await chosenBusiness(context, url);
  const res = await getApi(context).call("GET /share-kit", { query: { businessId: business.businessId } });
  if (!res.ok) {
    if (res.status === 404) return { businessName: business.businessName, kit: null, editorHref: cardEditorHref(business.businessId), posterHref: null };
    throw data({ message: res.message }, { status: res.status });
  }
  return {
    businessName: business.businessName,
    kit: res.data,
    editorHref: cardEditorHref(business.businessId),
    posterHref: apiUrl("GET /share-kit/poster", { query: { businessId: business.businessId } }),
  };
}

const button = "inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold";

export default function ShareKit({ loaderData }: Route.ComponentProps) {
  const { businessName, kit, editorHref, posterHref } = loaderData;
  if (!kit || !posterHref) {
    return (
      <Card className="mx-auto max-w-2xl space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Offline share kit</h2>
        <p className="text-slate-700">{businessName} has no digital card yet. Create it first: the kit is made from it.</p>
        <Link to={editorHref} className={`${button} bg-brand-dark text-white hover:bg-brand-darker`}>
          Create your digital business card
        </Link>
      </Card>
    );
  }
  const code = (kind: "contact" | "upi") => apiUrl(`GET /public-card/{cardId}/${kind}-qr.png`, { params: { cardId: kit.cardId }, query: { download: "true" } });
  const show = (kind: "contact" | "upi") => apiUrl(`GET /public-card/{cardId}/${kind}-qr.svg`, { params: { cardId: kit.cardId }, query: {} });
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Works on any phone, even without internet</h2>
        <p className="text-slate-700">
          The first code holds your contact itself: a customer's phone camera saves it with no data connection. The second opens any UPI app to pay you. Print the
          counter poster and keep it where customers pay.
        </p>
        <a href={posterHref} download={`${kit.cardId}-poster.pdf`} className={`${button} w-full bg-brand-dark text-white hover:bg-brand-darker sm:w-auto`}>
          Download the counter poster (A6 PDF)
        </a>
        {kit.live ? (
          <div className="grid gap-4 pt-2 sm:grid-cols-2">
            <figure className="text-center">
              <img src={show("contact")} alt="QR code with your contact" width={224} height={224} className="mx-auto size-56" />
              <figcaption className="mt-1 text-sm text-slate-700">
                Save contact ·{" "}
                <a href={code("contact")} className="font-semibold text-brand-dark underline">
                  Download PNG
                </a>
              </figcaption>
            </figure>
            {kit.hasUpi ? (
              <figure className="text-center">
                <img src={show("upi")} alt="UPI payment QR code" width={224} height={224} className="mx-auto size-56" />
                <figcaption className="mt-1 text-sm text-slate-700">
                  Pay by UPI ·{" "}
                  <a href={code("upi")} className="font-semibold text-brand-dark underline">
                    Download PNG
                  </a>
                </figcaption>
              </figure>
            ) : (
              <p className="self-center text-sm text-slate-600">
                Add your UPI ID in the card's{" "}
                <Link to={editorHref} className="font-semibold text-brand-dark underline">
                  payment options
                </Link>{" "}
                to get a pay code too.
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600">Your card is paused or its plan has ended: the poster still prints, but visitors cannot open the card's page.</p>
        )}
      </Card>
      {kit.walletUrl ? (
        <Card className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Google Wallet</h2>
          <p className="text-slate-700">Keep your card in Google Wallet on your phone, to show its code at any time.</p>
          <a href={kit.walletUrl} target="_blank" rel="noopener noreferrer" className={`${button} bg-black text-white hover:bg-slate-800`}>
            Save to Google Wallet
          </a>
        </Card>
      ) : null}
    </div>
  );
}
