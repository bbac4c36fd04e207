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

const TEXT: Record<UnavailableState, { title: string; body: (name: string | null) => string }> = {
  inactive: {
    title: "This card is paused",
    body: (name) => `${name ?? "The business"} has paused this digital card for now. Please check back later.`,
  },
  expired: {
    title: "This card is not active",
    body: (name) => `The digital card of ${name ?? "this business"} is not active at the moment. The owner can renew it to bring it back.`,
  },
  deleted: {
    title: "This card was removed",
    body: () => "The owner has removed this digital card. Ask them for their new card or number.",
  },
  missing: {
    title: "Card not found",
    body: () => "We could not find a digital card at this address. Please check the link, or ask the business for it.",
  },
};

/** Honest pages for cards visitors can't see (status codes and noindex: the route, ADR 0008). */
export function CardUnavailable({ state, businessName, agency }: { state: UnavailableState; businessName: string | null; agency: Agency }) {
  const text = TEXT[state];
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4">
        <section className="rounded-2xl bg-white p-6 text-center shadow-sm">
          {businessName ? <p className="text-sm font-medium text-slate-500">{businessName}</p> : null}
          <h1 className="mt-1 text-xl font-bold text-slate-900">{text.title}</h1>
          <p className="mt-2 text-slate-600">{text.body(businessName)}</p>
        </section>
        <AgencyFooter agency={agency} />
      </main>
    </div>
  );
}
