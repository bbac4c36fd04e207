import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi, getCustomer } from "~/lib/request-context.server";
import { customerLoggedInAs } from "~/lib/actor";
import { loadBusinesses } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { BusinessList } from "./business-list";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";

export const handle: PanelHandle = { title: "Account", isHome: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Account" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  // The layout loads the same list for the business selector: one call for both.
  const { businesses, active } = await loadBusinesses(context);
  const now = new Date();
  const t = pageMessages(context, "account");
  // The card states' words are the home page's; only the labels themselves are sent.
  const { home } = messagesFor(languageOf(context), "home");
  return {
    t,
    pageTitle: t.account.title,
    loggedInAs: customerLoggedInAs(getCustomer(context).user),
    businesses: businesses.map((b) => {
      const status = cardState(b, now);
      return { businessId: b.businessId, businessName: b.businessName, category: b.category, status, statusLabel: cardStateLabelIn(status, home) };
    }),
    activeBusinessId: active?.businessId ?? null,
    // The confirm step is a URL, so it works without JavaScript too.
    confirming: url.searchParams.get("confirm") === "delete",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const t = pageMessages(context, "account").account;
  if (formData.get("intent") !== "delete-account") return { error: t.unknownAction };
  const res = await getApi(context).call("DELETE /user");
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(href("/panel/login"), { type: "success", message: t.deleted });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.account;
  return (
    <div className="space-y-4">
      <Card>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t.loggedInAs}</p>
        <p className="mt-1 text-lg font-medium break-all text-slate-900">{loaderData.loggedInAs}</p>
        <Form method="post" action={href("/panel/logout")} className="mt-4">
          <button type="submit" className="inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 sm:w-auto">
            {t.logout}
          </button>
        </Form>
      </Card>
      <BusinessList businesses={loaderData.businesses} activeBusinessId={loaderData.activeBusinessId} t={t} />
      <Card className="ring-red-200">
        <h2 className="font-semibold text-red-800">{t.deleteAccount}</h2>
        <p className="mt-1 text-sm text-slate-600">{t.deleteWarning}</p>
        <Link
          to="?confirm=delete"
          preventScrollReset
          className="mt-3 inline-flex w-full items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700 sm:w-auto"
        >
          {t.deleteAccount}
        </Link>
      </Card>
      {loaderData.confirming && !actionData?.error ? (
        <ConfirmDialog
          message={t.confirmDelete}
          words={t}
          cancelTo={href("/panel/customer/account")}
          intent="delete-account"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={href("/panel/customer/account")} words={t} /> : null}
    </div>
  );
}
