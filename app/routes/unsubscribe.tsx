import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { getApi } from "~/lib/request-context.server";
import type { NoScriptsHandle } from "~/root";

/**
 * The one-tap unsubscribe link of reminders, reports and marketing (ADR 0053): no sign-in, plain
 * HTML, one button. Opening the link changes nothing (mail scanners open links); the button does.
 */
export const handle: NoScriptsHandle = { noScripts: true };
export const meta = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

const CHANNEL = { sms: "SMS", email: "e-mail", whatsapp: "WhatsApp" } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /messages/unsubscribe/{token}", { params: { token: params.token } });
  if (!res.ok) throw data({ message: "This unsubscribe link is not valid.", status: 404 }, { status: 404 });
  return res.data;
}

export async function action({ params, context }: Route.ActionArgs) {
  const res = await getApi(context).call("POST /messages/unsubscribe/{token}", { params: { token: params.token } });
  if (!res.ok) throw data({ message: "This unsubscribe link is not valid.", status: 404 }, { status: 404 });
  return res.data;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const channel = CHANNEL[state.channel];
  return (
    <AuthShell title="Unsubscribe" subtitle={`Reminders and reports by ${channel} to ${state.recipient}`}>
      {state.unsubscribed ? (
        <p role="status" className="text-sm text-slate-700">
          Done. No more reminders, reports or offers will be sent by {channel} to {state.recipient}. Messages you ask for, such as
          sign-in codes and enquiries on your own card, still arrive.
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">Stop renewal reminders, weekly reports and offers by {channel} to {state.recipient}?</p>
          <SubmitButton pendingText="Unsubscribing…">Unsubscribe</SubmitButton>
        </Form>
      )}
    </AuthShell>
  );
}
