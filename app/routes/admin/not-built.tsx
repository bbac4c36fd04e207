import { data } from "react-router";
import type { Route } from "./+types/not-built";
import { getStaff } from "~/lib/request-context.server";
import { humanise } from "~/lib/page";
import { staffMenuLinks } from "~/lib/menu-links";
import { NotBuilt, PanelNotFound } from "~/components/panel-shell";

/**
 * Admin pages that come in later issues. Only paths on this person's menu (computed by the
 * API from their roles) are promised; anything else is a 404, not a 403 (which would sign
 * them out).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is React Router's `.data` URL.
  const path = url.pathname.replace(/\/+$/, "");
  const item = staffMenuLinks(getStaff(context).menu).find((i) => !i.external && (path === i.to || path.startsWith(`${i.to}/`)) && i.key !== "home");
  if (!item) return data({ pageTitle: "Not found", found: false }, { status: 404 });
  const last = path.split("/").pop() ?? "";
  return { pageTitle: path === item.to ? item.label : humanise(last), found: true };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.pageTitle ?? "Not found" }];

export default function AdminNotBuilt({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <PanelNotFound />;
  return <NotBuilt title={loaderData.pageTitle} />;
}
