import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";

/** The two words of the `renewals` namespace the link needs: loaders send these, not the namespace. */
export type RenewalsLinkText = { openPipeline: string; openPipelineHint: string };
export const renewalsLinkText = ({ openPipeline, openPipelineHint }: RenewalsLinkText): RenewalsLinkText => ({ openPipeline, openPipelineHint });

/** The way to the renewal pipeline from the staff home and the Report page (ADR 0067: SPEC §2's menus stay as they are). */
export function RenewalsLinkCard({ text }: { text: RenewalsLinkText }) {
  return (
    <Card>
      <Link to={href("/panel/admin/renewals")} className="font-semibold text-brand-dark underline">
        {text.openPipeline}
      </Link>
      <p className="mt-1 text-sm text-slate-600">{text.openPipelineHint}</p>
    </Card>
  );
}
