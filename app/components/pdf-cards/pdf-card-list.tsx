import { href, Link } from "react-router";
import { apiUrl } from "~/lib/api-url";
import { PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";

export type PdfCardItem = {
  pdfCardNo: number;
  companyName: string;
  templateCode: string;
  status: "active" | "inactive";
  isPaid: boolean;
  people: { personName: string }[];
  businessName?: string;
};

const templateName = (code: string) => PDF_CARD_TEMPLATES.find((t) => t.code === code)?.name ?? code;

/** A PDF card's state in words (not colour alone). */
export function PdfCardBadges({ card }: { card: Pick<PdfCardItem, "isPaid" | "status"> }) {
  return (
    <span className="flex flex-wrap gap-1 text-xs font-medium">
      <span className={`rounded-full px-2 py-0.5 ${card.isPaid ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
        {card.isPaid ? "Exported" : "Sample"}
      </span>
      {card.status === "inactive" ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800">Inactive</span> : null}
    </span>
  );
}

/** PDF ID cards as a list of tiles with their preview, for the customer's pages. */
export function PdfCardList({ cards }: { cards: PdfCardItem[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {cards.map((c) => (
        <li key={c.pdfCardNo} className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <img
            src={apiUrl("GET /pdf-card/preview", { query: { pdfCardNo: c.pdfCardNo } })}
            alt=""
            loading="lazy"
            className="h-20 w-20 shrink-0 rounded-lg object-contain ring-1 ring-slate-200"
          />
          <div className="min-w-0 space-y-1">
            <Link
              to={href("/panel/customer/pdf-cards/:pdfCardNo", { pdfCardNo: String(c.pdfCardNo) })}
              className="block truncate font-semibold text-brand-dark underline"
            >
              {c.companyName}
            </Link>
            <p className="text-sm text-slate-600">
              {templateName(c.templateCode)} · {c.people.length} {c.people.length === 1 ? "person" : "people"}
            </p>
            <PdfCardBadges card={c} />
          </div>
        </li>
      ))}
    </ul>
  );
}
