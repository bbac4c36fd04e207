import { data } from "react-router";
import type { Route } from "./+types/not-built";
import { humanise } from "~/lib/page";
import { NotBuilt, PanelNotFound } from "~/components/panel-shell";

/**
 * Customer pages that come in later issues (SPEC §2 paths), titled from the URL. Anything
 * else under /panel/customer is a 404 rather than a promise we cannot keep.
 */
const KNOWN = new Set(["daily-image", "pdf-card-templates", "video-templates", "businesses", "projects"]);

export async function loader({ url }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is React Router's `.data` URL.
  const segments = url.pathname.replace(/^\/panel\/customer\/?/, "").split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (!KNOWN.has(first)) return data({ pageTitle: "Not found", found: false }, { status: 404 });
  return { pageTitle: humanise(segments[segments.length - 1]), found: true };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.pageTitle ?? "Not found" }];

export default function CustomerNotBuilt({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <PanelNotFound />;
  return <NotBuilt title={loaderData.pageTitle} />;
}
