import type { CardSection } from "#contracts/enums.ts";
import { formatRupees, youtubeThumbnail, type EditorCard } from "~/lib/card-editor";

/*
 * The card's body sections as the public page shows them, drawn for the editor's preview.
 * Links are real but open in a new tab, so trying them never leaves the editor.
 */

const ext = { target: "_blank", rel: "noreferrer noopener" } as const;

export function PreviewSection({ section, card, title, accent }: { section: CardSection; card: EditorCard; title: string; accent: string }) {
  const body = sectionBody(section, card, accent);
  if (!body) return null;
  return (
    <section aria-label={title} className="space-y-2 px-4 py-3">
      <h3 className="text-sm font-bold tracking-wide uppercase" style={{ color: accent }}>
        {title}
      </h3>
      {body}
    </section>
  );
}

function sectionBody(section: CardSection, card: EditorCard, accent: string): React.ReactNode {
  switch (section) {
    case "about": {
      const a = card.aboutUs;
      if (!a.description && !a.establishedYear && !a.specialities?.length) return null;
      return (
        <div className="space-y-2 text-sm text-slate-700">
          {a.establishedYear ? <p className="font-medium">Established in {a.establishedYear}</p> : null}
          {a.description ? <p className="whitespace-pre-line">{a.description}</p> : null}
          {a.specialities?.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {a.specialities.filter(Boolean).map((s, i) => (
                <li key={i} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                  {s}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    }
    case "links": {
      const items = card.links.items.filter((l) => l.label || l.url);
      if (!items.length) return null;
      return (
        <ul className="grid grid-cols-2 gap-2">
          {items.map((l, i) => (
            <li key={i}>
              <a href={l.url} {...ext} className="block truncate rounded-lg px-3 py-2 text-center text-sm font-medium text-white" style={{ background: accent }}>
                {l.label || l.url}
              </a>
            </li>
          ))}
        </ul>
      );
    }
    case "products": {
      const items = card.products.items.filter((p) => p.name || p.description);
      if (!items.length) return null;
      return (
        <ul className="space-y-2">
          {items.map((p, i) => (
            <li key={i} className="flex gap-3 rounded-lg bg-white p-2 ring-1 ring-slate-200">
              {p.imageUrl ? <img src={p.imageUrl} alt="" className="size-14 shrink-0 rounded object-cover" /> : null}
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{p.name}</p>
                {p.description ? <p className="text-slate-600">{p.description}</p> : null}
                <p className="font-medium" style={{ color: accent }}>
                  {typeof p.price === "number" ? formatRupees(p.price) : "Price on request"}
                </p>
              </div>
            </li>
          ))}
        </ul>
      );
    }
    case "gallery": {
      const images = card.gallery.images.filter((g) => g.url);
      if (!images.length) return null;
      return (
        <ul className="grid grid-cols-3 gap-1.5">
          {images.map((g, i) => (
            <li key={i}>
              <figure>
                <img src={g.url} alt={g.caption ?? ""} className="aspect-square w-full rounded object-cover" />
                {g.caption ? <figcaption className="truncate text-[11px] text-slate-600">{g.caption}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      );
    }
    case "videos": {
      const videos = card.youtubeVideos.videos.filter((v) => v.url);
      if (!videos.length) return null;
      return (
        <ul className="space-y-2">
          {videos.map((v, i) => {
            const thumb = youtubeThumbnail(v.url);
            return (
              <li key={i}>
                <a href={v.url} {...ext} className="block overflow-hidden rounded-lg bg-slate-900 text-white">
                  {thumb ? <img src={thumb} alt="" className="aspect-video w-full object-cover opacity-90" /> : <div className="aspect-video" />}
                  <span className="block truncate px-2 py-1 text-xs">▶ {v.title || "Watch on YouTube"}</span>
                </a>
              </li>
            );
          })}
        </ul>
      );
    }
    case "paymentOptions": {
      const p = card.paymentOptions;
      const banks = (p.bankAccounts ?? []).filter((b) => b.accountNumber || b.accountName);
      if (!p.upiId && !p.qrCodeUrl && !banks.length) return null;
      return (
        <div className="space-y-2 text-sm text-slate-700">
          {p.upiId ? (
            <a
              href={`upi://pay?pa=${encodeURIComponent(p.upiId)}${p.upiName ? `&pn=${encodeURIComponent(p.upiName)}` : ""}`}
              className="block rounded-lg px-3 py-2 text-center font-semibold text-white"
              style={{ background: accent }}
            >
              Pay by UPI: {p.upiId}
            </a>
          ) : null}
          {p.qrCodeUrl ? <img src={p.qrCodeUrl} alt="Payment QR code" className="mx-auto size-32 rounded object-contain ring-1 ring-slate-200" /> : null}
          {banks.map((b, i) => (
            <dl key={i} className="grid grid-cols-[auto_1fr] gap-x-2 rounded-lg bg-white p-2 text-xs ring-1 ring-slate-200">
              <dt className="text-slate-500">Name</dt>
              <dd>{b.accountName}</dd>
              <dt className="text-slate-500">Account</dt>
              <dd>{b.accountNumber}</dd>
              <dt className="text-slate-500">IFSC</dt>
              <dd>{b.ifsc}</dd>
              {b.bankName ? (
                <>
                  <dt className="text-slate-500">Bank</dt>
                  <dd>
                    {b.bankName}
                    {b.branch ? `, ${b.branch}` : ""}
                  </dd>
                </>
              ) : null}
            </dl>
          ))}
        </div>
      );
    }
    case "feedback":
      return <p className="text-sm text-slate-500">Visitors' feedback shows here.</p>;
    case "enquiry":
      return (
        <div className="space-y-1.5" aria-hidden="true">
          <div className="h-8 rounded bg-white ring-1 ring-slate-200" />
          <div className="h-14 rounded bg-white ring-1 ring-slate-200" />
          <div className="h-8 rounded text-center text-sm leading-8 font-semibold text-white" style={{ background: accent }}>
            Send enquiry
          </div>
        </div>
      );
  }
}
