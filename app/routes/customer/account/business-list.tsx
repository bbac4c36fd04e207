import { Link } from "react-router";
import { ADD_BUSINESS_HREF, businessEditHref } from "~/lib/business-form";
import { Card } from "~/components/panel-shell";
import type { CardStateResult } from "#contracts/card-state.ts";
import { CardStateBadge } from "~/components/business/card-state";
import { fmt } from "~/lib/i18n";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/** 'My businesses' on the account page: each with its state, its edit link, the selected one marked, and "Add business". */
export function BusinessList({
  businesses,
  activeBusinessId,
  t,
}: {
  businesses: { businessId: number; businessName: string; category: string | null; status: CardStateResult; statusLabel: string }[];
  activeBusinessId: number | null;
  t: Catalogue["account"];
}) {
  return (
    <Card>
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{t.myBusinesses}</h2>
        <Link to={ADD_BUSINESS_HREF} className="text-sm font-semibold text-brand-dark underline">
          {t.addBusiness}
        </Link>
      </div>
      {businesses.length ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t.myBusinesses}>
          {businesses.map((b) => (
            <li key={b.businessId} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {b.businessName}
                  {b.businessId === activeBusinessId ? (
                    <span className="ml-2 text-xs font-semibold text-brand-dark">{t.selected}</span>
                  ) : null}
                </p>
                {b.category ? <p className="truncate text-sm text-slate-500">{b.category}</p> : null}
              </div>
              <CardStateBadge status={b.status} label={b.statusLabel} />
              <Link to={businessEditHref(b.businessId)} aria-label={fmt(t.editBusiness, { name: b.businessName })} className="shrink-0 text-sm font-medium text-brand-dark underline">
                {t.edit}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t.noBusiness}</p>
      )}
    </Card>
  );
}
