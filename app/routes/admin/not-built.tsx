import { data } from "react-router";
import type { Route } from "./+types/not-built";
import { getStaff } from "~/lib/request-context.server";
import { humanise } from "~/lib/page";
import { staffMenuLinks } from "~/lib/menu-links";
import { NotBuilt, PanelNotFound } from "~/components/panel-shell";
import { pageMessages } from "~/lib/i18n.server";

/**
 * Admin pages that come in later issues. Only paths on this person's menu (computed by the
 * API from their roles) are promised; anything else is a 404, not a 403 (which would sign
 * them out).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is React Router's `.data` URL.
  const path = url.pathname.replace(/\/+$/, "");
  const t = pageMessages(context, "staffNotBuilt");
  const item = staffMenuLinks(getStaff(context).menu).find((i) => !i.external && (path === i.to || path.startsWith(`${i.to}/`)) && i.key !== "home");
  if (!item) return data({ pageTitle: t.staffNotBuilt.notFound, found: false, t }, { status: 404 });
  const last = path.split("/").pop() ?? "";
  // A menu item's label is the API's (the spec's English); a deeper page is named from its URL.
  return { pageTitle: path === item.to ? item.label : humanise(last), found: true, t };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.pageTitle ?? "Not found" }];

export default function AdminNotBuilt({ loaderData }: Route.ComponentProps) {
  const t = loaderData.t.staffNotBuilt;
  if (!loaderData.found) return <PanelNotFound words={t} />;
  return <NotBuilt title={loaderData.pageTitle} body={t.notBuilt} />;
}
