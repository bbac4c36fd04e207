import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { getApi } from "~/lib/request-context.server";
import type { NoScriptsHandle } from "~/root";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";

/**
 * The one-tap unsubscribe link of reminders, reports and marketing (ADR 0053): no sign-in, plain
 * HTML, one button. Opening the link changes nothing (mail scanners open links); the button does.
 */
export const handle: NoScriptsHandle = { noScripts: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.unsubscribe.title ?? "Unsubscribe" }, { name: "robots", content: "noindex" }];

const CHANNEL = { sms: "channelSms", email: "channelEmail", whatsapp: "channelWhatsapp" } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = pageMessages(context, "unsubscribe");
  const res = await getApi(context).call("GET /messages/unsubscribe/{token}", { params: { token: params.token } });
  if (!res.ok) throw data({ message: t.unsubscribe.invalidLink, status: 404 }, { status: 404 });
  return { ...res.data, t };
}

export async function action({ params, context }: Route.ActionArgs) {
  const res = await getApi(context).call("POST /messages/unsubscribe/{token}", { params: { token: params.token } });
  if (!res.ok) throw data({ message: pageMessages(context, "unsubscribe").unsubscribe.invalidLink, status: 404 }, { status: 404 });
  return res.data;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const t = loaderData.t.unsubscribe;
  const words = { channel: t[CHANNEL[state.channel]], recipient: state.recipient };
  return (
    <AuthShell title={t.title} subtitle={fmt(t.subtitle, words)}>
      {state.unsubscribed ? (
        <p role="status" className="text-sm text-slate-700">
          {fmt(t.done, words)}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">{fmt(t.question, words)}</p>
          <SubmitButton pendingText={t.unsubscribing}>{t.button}</SubmitButton>
        </Form>
      )}
    </AuthShell>
  );
}
