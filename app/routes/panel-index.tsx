import { redirect } from "react-router";
import type { Route } from "./+types/panel-index";
import { getSession } from "~/lib/request-context.server";
import { homeFor } from "~/lib/home.server";

/** `/panel` sends everyone to their home: customer panel, admin panel or sign-in. */
export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(homeFor(getSession(context)));
}
