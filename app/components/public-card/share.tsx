import { possessive, whatsappShareHref } from "#contracts/format.ts";
import { apiUrl } from "~/lib/api-url";
import { useCardElementId } from "./preview-mode";
import { ContactIcon, ShareIcon, WhatsAppIcon } from "./icons";
import { useCardText } from "./card-text";
import { srcQuery, useCardSource } from "./card-source";
import { withSource } from "#contracts/card-sources.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

const qr = (cardId: string, format: "png" | "svg", download?: "true") =>
  apiUrl(`GET /public-card/{cardId}/qr.${format}`, { params: { cardId }, query: { download } });

/** The sticky bar at the bottom of the screen: save the contact, jump to sharing. Long labels (Telugu, Bengali) wrap inside their half, never past the screen. */
export function ActionBar({ cardId, showSaveContact, showShare }: { cardId: string; showSaveContact: boolean; showShare: boolean }) {
  const shareId = useCardElementId("share");
  const t = useCardText();
  const src = useCardSource();
  if (!showSaveContact && !showShare) return null;
  return (
    <div className="sticky bottom-0 z-10 -mx-3 mt-4 flex gap-2 bg-gradient-to-t from-slate-100 via-slate-100/95 to-transparent px-3 pt-4 pb-3">
      {showSaveContact ? (
        <a
          href={apiUrl("GET /public-card/{cardId}/vcard", { params: { cardId }, query: srcQuery(src) })}
          download={`${cardId}.vcf`}
          className="flex flex-1 items-center justify-center gap-2 rounded-xl bg-[var(--theme)] px-3 py-3 text-center leading-tight font-semibold text-white shadow-lg"
        >
          <ContactIcon /> <span className="min-w-0">{t.saveContact}</span>
        </a>
      ) : null}
      {showShare ? (
        <a href={`#${shareId}`} className="flex flex-1 items-center justify-center gap-2 rounded-xl bg-white px-3 py-3 text-center leading-tight font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200">
          <ShareIcon /> <span className="min-w-0">{t.share}</span>
        </a>
      ) : null}
    </div>
  );
}

/**
 * Sharing without JavaScript: a WhatsApp share link, the link itself in a read-only box (long
 * press → Copy works everywhere, also in in-app browsers), and the QR code to show or download.
 */
export function ShareSection({ cardId, publicUrl, businessName }: { cardId: string; publicUrl: string; businessName: string }) {
  const linkId = useCardElementId("card-link");
  const t = useCardText();
  // English says "Sharma Sweets' digital card", not "Sweets's" (possessive); the others place the name themselves.
  const shareText = t.shareText.includes("{name}'s") ? t.shareText.replace("{name}'s", possessive(businessName)) : fmt(t.shareText, { name: businessName });
  return (
    <div className="space-y-4">
      <a
        href={whatsappShareHref(shareText, withSource(publicUrl, "whatsapp"))}
        target="_blank"
        rel="noopener noreferrer"
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-[#25d366] px-4 py-3 font-semibold text-[#0b141a] shadow"
      >
        <WhatsAppIcon /> {t.shareOnWhatsApp}
      </a>
      <div>
        <label htmlFor={linkId} className="block text-sm font-medium text-slate-700">
          {t.copyCardLink}
        </label>
        <input
          id={linkId}
          readOnly
          value={publicUrl}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900 select-all"
        />
        <p className="mt-1 text-xs text-slate-500">{t.copyHelp}</p>
      </div>
      <details className="rounded-xl ring-1 ring-slate-200">
        <summary className="cursor-pointer px-4 py-3 font-medium text-slate-800">{t.showQr}</summary>
        <div className="px-4 pb-4 text-center">
          <img src={qr(cardId, "svg")} alt={fmt(t.qrAlt, { url: publicUrl })} width={200} height={200} loading="lazy" className="mx-auto size-48" />
          <p className="mt-2 flex justify-center gap-4 text-sm">
            <a href={qr(cardId, "png", "true")} download={`${cardId}-qr.png`} className="font-medium text-[var(--theme)] underline">
              {t.downloadPng}
            </a>
            <a href={qr(cardId, "svg", "true")} download={`${cardId}-qr.svg`} className="font-medium text-[var(--theme)] underline">
              {t.downloadSvg}
            </a>
          </p>
        </div>
      </details>
    </div>
  );
}
