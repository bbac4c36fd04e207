import { Link } from "react-router";
import type { Route } from "./+types/projects";
import { getCustomer } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";

export const handle: PanelHandle = { title: "My Projects", isHome: true };
export const meta = () => [{ title: "My Projects" }];

/** The project types come from the API's 'My Projects' menu (gating lives there). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const types = getCustomer(context).menu.myProjects;
  const requested = url.searchParams.get("projectType");
  const current = requested ? (types.find((t) => t.key === requested) ?? null) : (types[0] ?? null);
  return { types, current, requested };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { types, current, requested } = loaderData;
  return (
    <div className="space-y-4">
      <nav aria-label="Project types" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {types.map((t) => (
            <li key={t.key}>
              <Link
                to={t.to}
                aria-current={current?.key === t.key ? "page" : undefined}
                className={`block rounded-full px-3 py-1.5 text-sm whitespace-nowrap ring-1 ${
                  current?.key === t.key ? "bg-brand text-white ring-brand" : "bg-white text-slate-700 ring-slate-300"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{current.label}</h2>
          <p className="mt-2 text-slate-600">
            {current.key === "digital_card"
              ? "The digital card editor is not built yet. Your cards will be listed here."
              : "This part of the panel is not built yet."}
          </p>
        </Card>
      ) : (
        <Card>
          <p className="text-slate-600">
            {requested ? "This project type is not available for your account." : "No project types are available."}
          </p>
        </Card>
      )}
    </div>
  );
}
