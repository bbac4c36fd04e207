import { Form } from "react-router";
import { apiUrl } from "~/lib/api-url";
import { formatPhone } from "#contracts/phone.ts";
import { PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { PdfCardBadges } from "~/components/pdf-cards/pdf-card-list";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

export type StaffPdfCardRow = {
  pdfCardNo: number;
  businessName: string;
  companyName: string;
  registeredPhoneNumber: string;
  templateCode: string;
  status: "active" | "inactive";
  isPaid: boolean;
  people: { personName: string }[];
};

const templateName = (code: string) => PDF_CARD_TEMPLATES.find((tpl) => tpl.code === code)?.name ?? code;

/**
 * Staff's PDF card rows (the admin PDF cards page; the All Projects PDF tab can render the same
 * from GET /pdf-card/getPdfCardList): download with or without the watermark, and a status switch
 * that posts `intent=status` with `pdfCardNo` and `status` to `action`.
 */
export function StaffPdfCardTable({ rows, action, t }: { rows: StaffPdfCardRow[]; action: string; t: Catalogue["staffPdfCards"] }) {
  return (
    <ul className="space-y-3">
      {rows.map((r) => (
        <li key={r.pdfCardNo} className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-slate-900">
              #{r.pdfCardNo} {r.companyName}
            </h3>
            <PdfCardBadges card={r} t={t} />
          </div>
          <p className="text-sm text-slate-600">
            {r.businessName} · {formatPhone(r.registeredPhoneNumber)} · {templateName(r.templateCode)} · {fmt(r.people.length === 1 ? t.peopleOne : t.peopleOther, { n: r.people.length })}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <a href={apiUrl("GET /pdf-card/downloadPdfCard", { query: { pdfCardNo: r.pdfCardNo } })} className="font-medium text-brand-dark underline">
              {t.download}
            </a>
            {!r.isPaid ? (
              <a
                href={apiUrl("GET /pdf-card/downloadPdfCard", { query: { pdfCardNo: r.pdfCardNo, forceDownloadWithoutSampleWatermark: "true" } })}
                className="font-medium text-brand-dark underline"
              >
                {t.downloadNoWatermark}
              </a>
            ) : null}
            <Form method="post" action={action}>
              <input type="hidden" name="pdfCardNo" value={r.pdfCardNo} />
              <input type="hidden" name="status" value={r.status === "active" ? "inactive" : "active"} />
              <button type="submit" name="intent" value="status" className="font-medium text-brand-dark underline">
                {r.status === "active" ? t.setInactive : t.setActive}
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
