import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { PdfCardList, type PdfCardItem } from "~/components/pdf-cards/pdf-card-list";

/** My Projects' PDF ID card tab: the active business's PDF cards and the way to make one. */
export function PdfCardProject({ business, cards }: { business: { businessId: number; businessName: string } | null; cards: PdfCardItem[] }) {
  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">PDF ID cards</h2>
        <p className="mt-2 text-slate-600">Add your business first, then make its ID cards.</p>
      </Card>
    );
  }
  const create = `${href("/panel/customer/pdf-card-templates")}?businessId=${business.businessId}`;
  return (
    <div className="space-y-3">
      {cards.length ? (
        <PdfCardList cards={cards} />
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">No PDF ID cards yet</h2>
          <p className="mt-2 text-slate-600">Print-ready ID cards for {business.businessName}&apos;s people, with your logo and a QR code of your digital card.</p>
        </Card>
      )}
      <Link to={create} className="inline-block font-semibold text-brand-dark underline">
        Create a PDF ID card
      </Link>
    </div>
  );
}
