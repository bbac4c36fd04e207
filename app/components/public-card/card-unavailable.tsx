import { fmt } from "#contracts/i18n/fmt.ts";
import type { CardText } from "./card-text";
import type { PublicCardResponse } from "#contracts/public-card.ts";
import { readableColor } from "~/lib/contrast";

type Agency = PublicCardResponse["agency"];
export type UnavailableState = "inactive" | "expired" | "deleted" | "missing";

/** The agency that runs this host, on every public page of its cards. */
export function AgencyFooter({ agency }: { agency: Agency }) {
  return (
    <footer className="mt-6 mb-4 flex flex-col items-center gap-1 text-center text-xs text-slate-600">
      {agency.logoUrl ? <img src={agency.logoUrl} alt="" width={32} height={32} loading="lazy" className="size-8 object-contain" /> : null}
      <p>
        Digital card by <span className="font-semibold" style={agency.primaryColor ? { color: readableColor(agency.primaryColor) } : undefined}>{agency.name}</span>
      </p>
      <a href="/privacy" className="underline">
        Privacy
      </a>
    </footer>
  );
}

const texts = (t: CardText): Record<UnavailableState, { title: string; body: (name: string | null) => string }> => ({
  inactive: { title: t.pausedTitle, body: (name) => fmt(t.pausedBody, { name: name ?? t.theBusiness }) },
  expired: { title: t.expiredTitle, body: (name) => fmt(t.expiredBody, { name: name ?? t.thisBusiness }) },
  deleted: { title: t.removedTitle, body: () => t.removedBody },
  missing: { title: t.notFoundTitle, body: () => t.notFoundBody },
});

/** Honest pages for cards visitors can't see (status codes and noindex: the route, ADR 0008). */
export function CardUnavailable({ state, businessName, agency, t }: { state: UnavailableState; businessName: string | null; agency: Agency; t: CardText }) {
  const words = texts(t)[state];
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4">
        <section className="rounded-2xl bg-white p-6 text-center shadow-sm">
          {businessName ? <p className="text-sm font-medium text-slate-500">{businessName}</p> : null}
          <h1 className="mt-1 text-xl font-bold text-slate-900">{words.title}</h1>
          <p className="mt-2 text-slate-600">{words.body(businessName)}</p>
        </section>
        <AgencyFooter agency={agency} />
      </main>
    </div>
  );
}
