import { apiUrl } from "~/lib/api-url";
import { useCardElementId } from "./preview-mode";

/**
 * The offline share kit on the card (ADR 0062): the contact itself and the UPI link as QR codes,
 * for a phone with no data (another phone scans this screen). Folded, so the codes load only
 * when opened; plain HTML, no JavaScript.
 */
export function OfflineKit({ cardId, hasUpi }: { cardId: string; hasUpi: boolean }) {
  const id = useCardElementId("offline-kit");
  const code = (kind: "contact" | "upi") => apiUrl(`GET /public-card/{cardId}/${kind}-qr.svg`, { params: { cardId }, query: {} });
  return (
    <section id={id} className="mt-3 rounded-2xl bg-white shadow-sm">
      <details>
        <summary className="cursor-pointer px-4 py-4 text-lg font-semibold text-slate-900">Save or pay without internet</summary>
        <div className="grid gap-4 px-4 pb-4 sm:grid-cols-2">
          <figure className="text-center">
            <img src={code("contact")} alt="QR code with this contact" width={256} height={256} loading="lazy" className="mx-auto size-60" />
            <figcaption className="mt-1 text-sm text-slate-700">Scan with a phone's camera to save this contact. No internet needed.</figcaption>
          </figure>
          {hasUpi ? (
            <figure className="text-center">
              <img src={code("upi")} alt="UPI payment QR code" width={256} height={256} loading="lazy" className="mx-auto size-60" />
              <figcaption className="mt-1 text-sm text-slate-700">Scan with any UPI app to pay.</figcaption>
            </figure>
          ) : null}
        </div>
      </details>
    </section>
  );
}
