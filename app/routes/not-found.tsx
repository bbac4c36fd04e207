import { data, Link } from "react-router";
import { AuthShell } from "~/components/auth-shell";

export const meta = () => [{ title: "Not found" }];

/** Unknown URLs: a real 404 status, and a way home. */
export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <AuthShell title="Not found" subtitle="We could not find that page.">
      <Link to="/" className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
        Go to my home page
      </Link>
    </AuthShell>
  );
}
