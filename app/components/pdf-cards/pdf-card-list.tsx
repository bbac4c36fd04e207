import { href, Link } from "react-router";
import { apiUrl } from "~/lib/api-url";
import { PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";

/** The list's and the badges' words (the `pdfCards` namespace, ADR 0066); English when left out (the staff's table). */
export type PdfCardListWords = { exported: string; sample: string; inactive: string; peopleOne: string; peopleOther: string };
const ENGLISH: PdfCardListWords = { exported: "Exported", sample: "Sample", inactive: "Inactive", peopleOne: "{n} person", peopleOther: "{n} people" };

export type PdfCardItem = {
  pdfCardNo: number;
  companyName: string;
  templateCode: string;
  status: "active" | "inactive";
  isPaid: boolean;
  people: { personName: string }[];
  businessName?: string;
};

const templateName = (code: string) => PDF_CARD_TEMPLATES.find((tpl) => tpl.code === code)?.name ?? code;

/** A PDF card's state in words (not colour alone). */
export function PdfCardBadges({ card, t = ENGLISH }: { card: Pick<PdfCardItem, "isPaid" | "status">; t?: PdfCardListWords }) {
  return (
    <span className="flex flex-wrap gap-1 text-xs font-medium">
      <span className={`rounded-full px-2 py-0.5 ${card.isPaid ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
        {card.isPaid ? t.exported : t.sample}
      </span>
      {card.status === "inactive" ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800">{t.inactive}</span> : null}
    </span>
  );
}

/** PDF ID cards as a list of tiles with their preview, for the customer's pages. */
export function PdfCardList({ cards, t = ENGLISH }: { cards: PdfCardItem[]; t?: PdfCardListWords }) {
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
              {templateName(c.templateCode)} · {fmt(t[`people${pluralKey(c.people.length)}`], { n: c.people.length })}
            </p>
            <PdfCardBadges card={c} t={t} />
          </div>
        </li>
      ))}
    </ul>
  );
}
