import type { Route } from "./+types/privacy";
import { getSession } from "~/lib/request-context.server";
import type { NoScriptsHandle } from "~/root";

/** A short privacy notice, linked from every public card's message form. Plain HTML, no JavaScript. */
export const handle: NoScriptsHandle = { noScripts: true };
export const meta = () => [{ title: "Privacy notice" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { agencyName: getSession(context).agency.agencyName };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { agencyName } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 text-slate-700">
      <h1 className="text-2xl font-bold text-slate-900">Privacy notice</h1>
      <p className="mt-2 text-sm text-slate-500">For visitors of digital business cards on this site, run by {agencyName}.</p>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">When you send a message from a card</h2>
      <p className="mt-2">
        The enquiry and feedback forms collect what you type: your name, your mobile number, your email (optional) and your
        message. They go to the business whose card you wrote on. That business sees them in its panel, and so can the
        staff of {agencyName} who look after that business&apos;s account. Nobody else does, and we do not sell or share them.
      </p>
      <p className="mt-2">
        Messages stay until the business deletes them or closes its account. To have a message removed, ask the business,
        or write to {agencyName}.
      </p>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">What else we keep</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Counts of how often a card is viewed, its buttons are tapped and its contact is saved, per day. These are totals,
          with nothing about who you are.
        </li>
        <li>
          Your network address, for a short time, to stop the forms from being flooded (a limit on how many messages one
          address can send). It is not linked to your message.
        </li>
        <li>Card pages set no cookies and run no tracking or advertising scripts.</li>
      </ul>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">Links on a card</h2>
      <p className="mt-2">
        Buttons such as WhatsApp, maps, YouTube or UPI take you to those services; their own privacy terms apply there.
        Video pictures on a card are loaded from YouTube&apos;s image server.
      </p>
    </main>
  );
}
