import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { PdfCardList, type PdfCardItem, type PdfCardListWords } from "~/components/pdf-cards/pdf-card-list";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

/** My Projects' PDF ID card tab: the active business's PDF cards and the way to make one. */
export function PdfCardProject({
  business,
  cards,
  t,
  listWords,
}: {
  business: { businessId: number; businessName: string } | null;
  cards: PdfCardItem[];
  t: Catalogue["projects"];
  listWords: PdfCardListWords;
}) {
  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.pdfCards}</h2>
        <p className="mt-2 text-slate-600">{t.addBusinessFirstPdf}</p>
      </Card>
    );
  }
  const create = `${href("/panel/customer/pdf-card-templates")}?businessId=${business.businessId}`;
  return (
    <div className="space-y-3">
      {cards.length ? (
        <PdfCardList cards={cards} t={listWords} />
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{t.noPdfCards}</h2>
          <p className="mt-2 text-slate-600">{fmt(t.pdfCardsPitch, { business: business.businessName })}</p>
        </Card>
      )}
      <Link to={create} className="inline-block font-semibold text-brand-dark underline">
        {t.createPdfCard}
      </Link>
    </div>
  );
}
