import { href, Link } from "react-router";
import type { Route } from "./+types/payment-page";
import { AuthShell } from "~/components/auth-shell";

const TITLES: Record<string, string> = {
  "month-payment": "Month payment",
  "agency-image-payment": "Agency image payment",
  "agency-pdf-card-payment": "Agency PDF card payment",
};

/** Staff-only payment pages (one module, three URLs; guarded by payment/layout.tsx); the payments come in a later issue. */
export async function loader({ url }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is React Router's `.data` URL.
  const slug = url.pathname.split("/").pop() ?? "";
  return { title: TITLES[slug] ?? "Payment" };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title ?? "Payment" }];

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title={loaderData.title}>
      <p className="text-slate-600">This part of the panel is not built yet.</p>
      <Link to={href("/panel/admin")} className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
        Back to the admin panel
      </Link>
    </AuthShell>
  );
}
