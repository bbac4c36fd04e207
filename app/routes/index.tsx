import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getSession } from "~/lib/request-context.server";
import { homeFor } from "~/lib/home.server";

/** `/` and `/panel` (one module, two route ids) send everyone to their home: customer panel, admin panel or sign-in. */
export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(homeFor(getSession(context)));
}
