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
import { cardState } from "#contracts/card-state.ts";

export const handle: PanelHandle = { title: "Account", isHome: true };
export const meta = () => [{ title: "Account" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  // The layout loads the same list for the business selector: one call for both.
  const { businesses, active } = await loadBusinesses(context);
  const now = new Date();
  return {
    loggedInAs: customerLoggedInAs(getCustomer(context).user),
    businesses: businesses.map((b) => ({
      businessId: b.businessId,
      businessName: b.businessName,
      category: b.category,
      status: cardState(b, now),
    })),
    activeBusinessId: active?.businessId ?? null,
    // The confirm step is a URL, so it works without JavaScript too.
    confirming: url.searchParams.get("confirm") === "delete",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== "delete-account") return { error: "Unknown action." };
  const res = await getApi(context).call("DELETE /user");
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(href("/panel/login"), { type: "success", message: "Your account has been deleted." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Card>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Logged in as</p>
        <p className="mt-1 text-lg font-medium break-all text-slate-900">{loaderData.loggedInAs}</p>
        <Form method="post" action={href("/panel/logout")} className="mt-4">
          <button type="submit" className="inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 sm:w-auto">
            Logout
          </button>
        </Form>
      </Card>
      <BusinessList businesses={loaderData.businesses} activeBusinessId={loaderData.activeBusinessId} />
      <Card className="ring-red-200">
        <h2 className="font-semibold text-red-800">Delete my account</h2>
        <p className="mt-1 text-sm text-slate-600">This removes your account, businesses and cards for good. It cannot be undone.</p>
        <Link
          to="?confirm=delete"
          preventScrollReset
          className="mt-3 inline-flex w-full items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700 sm:w-auto"
        >
          Delete my account
        </Link>
      </Card>
      {loaderData.confirming && !actionData?.error ? (
        <ConfirmDialog
          message="Delete your account and everything in it? This cannot be undone."
          cancelTo={href("/panel/customer/account")}
          intent="delete-account"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={href("/panel/customer/account")} /> : null}
    </div>
  );
}
