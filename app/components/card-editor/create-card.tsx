import { Form, href, Link, useLocation } from "react-router";
import { DialogFrame } from "~/components/dialogs";
import { FormError, SubmitButton } from "~/components/form";
import { Card } from "~/components/panel-shell";
import { editorBaseFor, editorHref } from "~/lib/card-editor-links";

/** The business has no card yet: one button makes it (POST /createCard through the layout's action). */
export function CreateCardStep({ business, error }: { business: { businessId: number; businessName: string }; error?: string }) {
  const { pathname } = useLocation();
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Create your digital business card</h2>
        <p className="mt-1 text-slate-600">
          Make a card for <strong>{business.businessName}</strong> that people open on any phone: call, WhatsApp, save your contact and pay you. You
          can fill in the details right after.
        </p>
      </div>
      <FormError errors={error ? [error] : null} />
      <Form method="post" action={editorHref("", business.businessId, editorBaseFor(pathname))} className="sm:w-auto">
        <input type="hidden" name="intent" value="create-card" />
        <SubmitButton pendingText="Creating…" className="sm:w-auto sm:min-w-56">
          Create digital business card
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** SPEC §2: the 'One Card per Business' dialog (a server-rendered overlay, works without JavaScript). */
export function OneCardPerBusinessDialog({ message, closeTo }: { message: string; closeTo: string }) {
  return (
    <DialogFrame
      title="One Card per Business"
      close={{ to: closeTo, replace: true }}
      actions={
        <>
          <Link
            to={closeTo}
            replace
            className="inline-flex min-w-20 items-center justify-center rounded-lg px-4 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Close
          </Link>
          <Link
            to={href("/panel/customer/businesses/add")}
            autoFocus
            className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
          >
            Add new business
          </Link>
        </>
      }
    >
      <p>{message}</p>
      <p className="mt-1">To make another card, add another business.</p>
    </DialogFrame>
  );
}
