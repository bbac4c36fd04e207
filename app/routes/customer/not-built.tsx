import { data } from "react-router";
import type { Route } from "./+types/not-built";
import { humanise } from "~/lib/page";
import { NotBuilt } from "~/components/panel-shell";

/**
 * Customer pages that come in later issues (SPEC §2 paths), titled from the URL. Anything
 * else under /panel/customer is a 404 rather than a promise we cannot keep.
 */
const KNOWN = new Set(["daily-image", "pdf-card-templates", "video-templates", "businesses", "projects"]);

export async function loader({ request }: Route.LoaderArgs) {
  const segments = new URL(request.url).pathname.replace(/^\/panel\/customer\/?/, "").split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (!KNOWN.has(first)) return data({ pageTitle: "Not found", found: false }, { status: 404 });
  return { pageTitle: humanise(segments[segments.length - 1]), found: true };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.pageTitle ?? "Not found" }];

export default function CustomerNotBuilt({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">Not found</h2>
        <p className="mt-2 text-slate-600">We could not find that page.</p>
      </section>
    );
  }
  return <NotBuilt title={loaderData.pageTitle} />;
}
