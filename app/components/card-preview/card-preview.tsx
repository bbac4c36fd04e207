import { formatPhone, telHref, whatsappHref } from "#contracts/phone.ts";
import { DEFAULT_THEME_COLOR, fullSectionOrder, sectionTitle, type EditorCard } from "~/lib/card-editor";
import { PreviewSection } from "./preview-sections";

/**
 * The card as its public page draws it, in either template style, for the editor's live
 * preview. Pure rendering of the card's data: the editor passes the saved card, or the saved
 * card with the section being edited replaced by the form's current values.
 */
export function CardPreview({ card }: { card: EditorCard }) {
  const b = card.basicDetails;
  const s = card.settings;
  const accent = /^#[0-9a-f]{6}$/i.test(s.themeColor ?? "") ? s.themeColor! : DEFAULT_THEME_COLOR;
  const hidden = new Set(s.hiddenSections ?? []);
  const order = fullSectionOrder(s.sectionOrder).filter((k) => !hidden.has(k));
  const style2 = card.template === "style-2";
  const actions = [
    b.phoneNumber && { label: "Call", href: telHref(b.phoneNumber) },
    b.whatsappNumber && { label: "WhatsApp", href: whatsappHref(b.whatsappNumber) },
    b.email && { label: "Email", href: `mailto:${b.email}` },
    b.mapLink && { label: "Map", href: b.mapLink },
  ].filter(Boolean) as { label: string; href: string }[];
  const contacts = [
    b.phoneNumber && { label: "Phone", value: formatPhone(b.phoneNumber) },
    b.alternatePhoneNumber && { label: "Alternate phone", value: formatPhone(b.alternatePhoneNumber) },
    b.email && { label: "Email", value: b.email },
    b.website && { label: "Website", value: b.website },
    b.address && { label: "Address", value: b.address },
    ...(b.contactFields ?? []).filter((f) => f && (f.label || f.value)).map((f) => ({ label: f.label, value: f.value })),
  ].filter(Boolean) as { label: string; value: string }[];
  const image = b.profileImageUrl || b.logoUrl;

  return (
    <article
      aria-label="Card preview"
      data-template={card.template}
      className={`overflow-hidden rounded-[1.75rem] text-slate-900 shadow-lg ring-1 ring-slate-300 ${style2 ? "bg-slate-50" : "bg-white"}`}
    >
      {style2 ? (
        <header className="flex items-center gap-3 p-4 text-white" style={{ background: accent }}>
          <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-white/90 ring-2 ring-white">
            {image ? <img src={image} alt="" className="size-full object-cover" /> : null}
          </div>
          <div className="min-w-0">
            <h2 className="text-lg leading-tight font-bold break-words">{b.companyName || "Your business name"}</h2>
            {b.name ? (
              <p className="text-sm opacity-90">
                {b.name}
                {b.designation ? ` · ${b.designation}` : ""}
              </p>
            ) : null}
            {b.tagline ? <p className="text-xs opacity-80">{b.tagline}</p> : null}
          </div>
        </header>
      ) : (
        <header className="text-center">
          <div className="h-24" style={b.coverImageUrl ? undefined : { background: accent }}>
            {b.coverImageUrl ? <img src={b.coverImageUrl} alt="" className="h-24 w-full object-cover" /> : null}
          </div>
          <div className="-mt-10 px-4 pb-2">
            <div className="mx-auto size-20 overflow-hidden rounded-full bg-slate-100 ring-4 ring-white">
              {image ? <img src={image} alt="" className="size-full object-cover" /> : null}
            </div>
            <h2 className="mt-2 text-lg leading-tight font-bold break-words">{b.companyName || "Your business name"}</h2>
            {b.name ? (
              <p className="text-sm text-slate-700">
                {b.name}
                {b.designation ? `, ${b.designation}` : ""}
              </p>
            ) : null}
            {b.tagline ? <p className="text-xs text-slate-500">{b.tagline}</p> : null}
          </div>
        </header>
      )}

      {actions.length ? (
        <nav aria-label="Contact actions" className={`grid gap-2 px-4 py-3 ${actions.length === 3 ? "grid-cols-3" : "grid-cols-2"}`}>
          {actions.map((a) => (
            <a
              key={a.label}
              href={a.href}
              target="_blank"
              rel="noreferrer noopener"
              className={`truncate rounded-lg px-1 py-2 text-center text-xs font-semibold ${style2 ? "bg-white ring-1 ring-slate-200" : "text-white"}`}
              style={style2 ? { color: accent } : { background: accent }}
            >
              {a.label}
            </a>
          ))}
        </nav>
      ) : null}

      {contacts.length ? (
        <dl className="space-y-1.5 px-4 py-2 text-sm">
          {contacts.map((c, i) => (
            <div key={i} className={style2 ? "rounded-lg bg-white px-3 py-1.5 ring-1 ring-slate-200" : ""}>
              <dt className="text-xs text-slate-500">{c.label}</dt>
              <dd className="break-words">{c.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {order.map((key) => (
        <PreviewSection key={key} section={key} card={card} accent={accent} title={sectionTitle(card, key)} />
      ))}

      {s.showSaveContact !== false || s.showShareButton !== false ? (
        <footer className="grid grid-flow-col gap-2 p-4">
          {s.showSaveContact !== false ? (
            <span className="rounded-lg py-2 text-center text-sm font-semibold text-white" style={{ background: accent }}>
              Save contact
            </span>
          ) : null}
          {s.showShareButton !== false ? (
            <span className="rounded-lg py-2 text-center text-sm font-semibold ring-1" style={{ color: accent, borderColor: accent }}>
              Share
            </span>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}
