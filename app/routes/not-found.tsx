import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { AuthShell } from "~/components/auth-shell";
import { pageMessages } from "~/lib/i18n.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.notFound.title ?? "Not found" }];

/** Unknown URLs: a real 404 status, and a way home. */
export async function loader({ context }: Route.LoaderArgs) {
  return data({ t: pageMessages(context, "notFound") }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const t = loaderData.t.notFound;
  return (
    <AuthShell title={t.title} subtitle={t.body}>
      <Link to="/" className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
        {t.goHome}
      </Link>
    </AuthShell>
  );
}
