import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApi, getSession } from "~/lib/request-context.server";

/** Only POST signs out (a link or image could trigger a GET); a GET just goes to sign-in. */
export async function loader() {
  throw redirect("/panel/login");
}

/** Staff go back to the staff sign-in, everyone else (also the already signed-out) to the customer sign-in. */
export async function action({ context }: Route.ActionArgs) {
  const api = getApi(context);
  const { actor } = getSession(context);
  if (actor.kind === "staff") {
    await api.call("POST /franchisee/logout");
    throw redirect("/panel/franchisee-login");
  }
  if (actor.kind === "customer") await api.call("POST /logout");
  throw redirect("/panel/login");
}
