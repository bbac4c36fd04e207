import type { Route } from "./+types/business-add";
import type { PanelHandle } from "~/lib/page";
import { NotBuilt } from "~/components/panel-shell";

export const handle: PanelHandle = { title: "Add business" };
export const meta = () => [{ title: "Add business" }];

/** The query flags the add-business form will honour (SPEC §2), echoed so links can be checked. */
const FLAGS = ["userId", "isForeignUser", "shouldRedirectToDigitalCardEditorOnAddBusiness", "shouldCreateDigitalCard", "firstTimeUser"] as const;

export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const flags = FLAGS.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [{ name, value: value.slice(0, 64) }];
  });
  return { flags };
}

export default function BusinessAdd({ loaderData }: Route.ComponentProps) {
  return (
    <NotBuilt title="Add business">
      {loaderData.flags.length ? (
        <dl className="mt-4 divide-y divide-slate-100 rounded-lg bg-slate-50 px-3 text-sm">
          {loaderData.flags.map((f) => (
            <div key={f.name} className="flex flex-wrap justify-between gap-x-3 py-2">
              <dt className="font-mono text-slate-600">{f.name}</dt>
              <dd className="font-mono break-all text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </NotBuilt>
  );
}
