import { Form, href, Link, useLocation } from "react-router";
import { DialogFrame } from "~/components/dialogs";
import { FormError, SubmitButton } from "~/components/form";
import { Card } from "~/components/panel-shell";
import { editorBaseFor, editorHref } from "~/lib/card-editor-links";
import type { Catalogue } from "#contracts/i18n/messages.ts";

type EditorText = Catalogue["cardEditor"];

/** The business has no card yet: one button makes it (POST /createCard through the layout's action). */
export function CreateCardStep({ business, error, t }: { business: { businessId: number; businessName: string }; error?: string; t: EditorText }) {
  const { pathname } = useLocation();
  const [before, after = ""] = t.createBody.split("{name}");
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t.createTitle}</h2>
        <p className="mt-1 text-slate-600">
          {before}
          <strong>{business.businessName}</strong>
          {after}
        </p>
      </div>
      <FormError errors={error ? [error] : null} />
      <Form method="post" action={editorHref("", business.businessId, editorBaseFor(pathname))} className="sm:w-auto">
        <input type="hidden" name="intent" value="create-card" />
        <SubmitButton pendingText={t.creating} className="sm:w-auto sm:min-w-56">
          {t.createButton}
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** SPEC §2: the 'One Card per Business' dialog (a server-rendered overlay, works without JavaScript). */
/** The dialog's own words (a page that shows only it sends only these). */
export type OneCardWords = Pick<EditorText, "oneCardTitle" | "close" | "addNewBusiness" | "oneCardMore">;
export const oneCardWords = ({ oneCardTitle, close, addNewBusiness, oneCardMore }: OneCardWords): OneCardWords => ({ oneCardTitle, close, addNewBusiness, oneCardMore });

export function OneCardPerBusinessDialog({ message, closeTo, t }: { message: string; closeTo: string; t: OneCardWords }) {
  return (
    <DialogFrame
      title={t.oneCardTitle}
      close={{ to: closeTo, replace: true }}
      actions={
        <>
          <Link
            to={closeTo}
            replace
            className="inline-flex min-w-20 items-center justify-center rounded-lg px-4 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t.close}
          </Link>
          <Link
            to={href("/panel/customer/businesses/add")}
            autoFocus
            className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
          >
            {t.addNewBusiness}
          </Link>
        </>
      }
    >
      <p>{message}</p>
      <p className="mt-1">{t.oneCardMore}</p>
    </DialogFrame>
  );
}
