import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/thankyou";
import { AuthShell } from "~/components/auth-shell";

export const meta = () => [{ title: "Thank you" }];

/** Only with card data (SPEC §2); the card summary arrives with card payments. */
export async function loader({ url }: Route.LoaderArgs) {
  const cardNo = url.searchParams.get("cardNo");
  if (!cardNo) throw redirect(href("/panel/customer"));
  return { cardNo: cardNo.slice(0, 64) };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title="Thank you" subtitle={<>Card number <strong>{loaderData.cardNo}</strong></>}>
      <p className="text-sm text-slate-600">This part of the panel is not built yet.</p>
      <Link to={href("/panel/customer")} className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
        Go to my panel
      </Link>
    </AuthShell>
  );
}
