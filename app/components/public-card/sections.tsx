import type { PublicCard } from "#contracts/public-card.ts";
import { formatPrice, upiHref, youtubeThumbnail, youtubeWatch } from "#contracts/format.ts";
import { TapLink } from "./contact";
import { useCardText } from "./card-text";
import { LinkIcon, PlayIcon, RupeeIcon } from "./icons";

type SectionProps = { card: PublicCard; cardId: string };

export function AboutSection({ card }: SectionProps) {
  const { description, establishedYear, specialities } = card.about;
  return (
    <>
      {establishedYear ? <p className="text-sm font-medium text-[var(--theme)]">Since {establishedYear}</p> : null}
      {description ? <p className="mt-1 whitespace-pre-line text-slate-700">{description}</p> : null}
      {specialities.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Specialities">
          {specialities.map((s) => (
            <li key={s} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
              {s}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function LinksSection({ card, cardId }: SectionProps) {
  return (
    <ul className="space-y-2">
      {card.links.map((l, i) => (
        <li key={`${l.url}-${i}`}>
          <TapLink
            cardId={cardId}
            action={{ kind: "link", href: l.url, external: true }}
            className="flex items-center gap-3 rounded-xl px-3 py-2.5 ring-1 ring-slate-200 hover:bg-slate-50"
          >
            {l.iconUrl ? (
              <img src={l.iconUrl} alt="" width={20} height={20} loading="lazy" decoding="async" className="size-5 shrink-0 object-contain" />
            ) : (
              <LinkIcon className="size-5 text-[var(--theme)]" />
            )}
            <span className="font-medium text-slate-900">{l.label}</span>
          </TapLink>
        </li>
      ))}
    </ul>
  );
}

export function ProductsSection({ card }: SectionProps) {
  const t = useCardText();
  return (
    <ul className="divide-y divide-slate-100">
      {card.products.map((p, i) => (
        <li key={`${p.name}-${i}`} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          {p.imageUrl ? (
            <img src={p.imageUrl} alt="" loading="lazy" decoding="async" width={64} height={64} className="size-16 shrink-0 rounded-lg object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="font-medium text-slate-900">{p.name}</h3>
              <span className={`shrink-0 text-sm font-semibold ${p.price === null ? "text-slate-500" : "text-slate-900"}`}>{formatPrice(p.price, t.priceOnRequest)}</span>
            </div>
            {p.description ? <p className="mt-0.5 text-sm text-slate-600">{p.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Photos load only when scrolled to; fixed width/height keep the page from jumping. */
export function GallerySection({ card }: SectionProps) {
  return (
    <ul className="grid grid-cols-2 gap-2">
      {card.gallery.map((g, i) => (
        <li key={`${g.url}-${i}`}>
          <figure>
            <img src={g.url} alt={g.caption ?? `Photo ${i + 1}`} loading="lazy" decoding="async" width={400} height={300} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
            {g.caption ? <figcaption className="mt-1 text-xs text-slate-600">{g.caption}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** A thumbnail that links to the video: YouTube's player (~1 MB of script) loads only if tapped. */
export function VideosSection({ card, cardId }: SectionProps) {
  return (
    <ul className="space-y-3">
      {card.videos.map((v, i) => (
        <li key={`${v.url}-${i}`}>
          <TapLink cardId={cardId} action={{ kind: "link", href: v.youtubeId ? youtubeWatch(v.youtubeId) : v.url, external: true }} className="group block">
            {v.youtubeId ? (
              <span className="relative block">
                <img src={youtubeThumbnail(v.youtubeId)} alt="" loading="lazy" decoding="async" width={480} height={360} className="aspect-video w-full rounded-lg bg-slate-900 object-cover" />
                <span className="absolute inset-0 flex items-center justify-center">
                  <span className="flex size-14 items-center justify-center rounded-full bg-red-600/90 text-white shadow-lg group-hover:bg-red-600">
                    <PlayIcon className="size-7" />
                  </span>
                </span>
              </span>
            ) : null}
            <span className="mt-1 block text-sm font-medium text-slate-900">{v.title ?? "Watch on YouTube"}</span>
          </TapLink>
        </li>
      ))}
    </ul>
  );
}

export function PaymentSection({ card, cardId }: SectionProps) {
  const { upiId, upiName, qrCodeUrl, bankAccounts } = card.payment;
  return (
    <div className="space-y-4">
      {upiId ? (
        <div>
          <TapLink
            cardId={cardId}
            action={{ kind: "upi", href: upiHref(upiId, upiName ?? card.basic.companyName) }}
            className="flex w-full items-center justify-center gap-2 rounded-xl bg-[var(--theme)] px-4 py-3 font-semibold text-white shadow"
          >
            <RupeeIcon /> Pay with UPI
          </TapLink>
          <p className="mt-2 text-center text-sm text-slate-600">
            UPI ID: <span className="font-mono font-medium text-slate-900 select-all">{upiId}</span>
          </p>
        </div>
      ) : null}
      {qrCodeUrl ? <img src={qrCodeUrl} alt="Payment QR code" loading="lazy" width={200} height={200} className="mx-auto size-48 object-contain" /> : null}
      {bankAccounts.map((a, i) => (
        <dl key={`${a.accountNumber}-${i}`} className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm">
          <dt className="text-slate-500">Account name</dt>
          <dd className="text-slate-900">{a.accountName}</dd>
          <dt className="text-slate-500">Account no.</dt>
          <dd className="font-mono text-slate-900 select-all">{a.accountNumber}</dd>
          <dt className="text-slate-500">IFSC</dt>
          <dd className="font-mono text-slate-900 select-all">{a.ifsc}</dd>
          {a.bankName ? (
            <>
              <dt className="text-slate-500">Bank</dt>
              <dd className="text-slate-900">{[a.bankName, a.branch].filter(Boolean).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ))}
    </div>
  );
}
