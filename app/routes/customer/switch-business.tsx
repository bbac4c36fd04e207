import { href, Link } from "react-router";
import type { Route } from "./+types/switch-business";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { refererPath } from "~/lib/home.server";
import type { PanelHandle } from "~/lib/page";
import { ErrorDialog } from "~/components/dialogs";
import { pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "Switch business" };

/**
 * This URL receives the business selector's POST. No redirect from the loader: after a
 * failed action the loaders run too, and a redirect would hide the error.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = pageMessages(context, "switchBusiness");
  return { t, pageTitle: t.switchBusiness.title };
}

/** SPEC §4 Preference update: save the active business, then back to the page the user was on. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const backTo = refererPath(request.headers.get("referer"), url, href("/panel/customer")) ?? href("/panel/customer");
  const res = await getApi(context).call("POST /user/preference", {
    body: { activeBusinessId: String(formData.get("activeBusinessId") ?? "") },
  });
  if (!res.ok) {
    const fieldMessage = Object.values(res.fieldErrors ?? {}).flat()[0];
    return { message: fieldMessage ?? res.message, status: res.status, backTo };
  }
  throw await redirectWithToast(backTo, { type: "success", message: pageMessages(context, "switchBusiness").switchBusiness.switched });
}

export default function SwitchBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.switchBusiness;
  if (!actionData) {
    return (
      <p className="text-slate-600">
        {t.chooseAtTop}{" "}
        <Link to={href("/panel/customer")} className="text-brand-dark underline">
          {t.goHome}
        </Link>
      </p>
    );
  }
  return <ErrorDialog status={actionData.status} message={actionData.message} backTo={actionData.backTo} words={t} />;
}
