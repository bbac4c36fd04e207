import { Form, href, Link } from "react-router";
import type { Route } from "./+types/failed-messages";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { useLanguage } from "~/lib/i18n";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";
import { formatDateTime } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";
import { Pager } from "~/components/pager";

/*
 * Messages not sent (ADR 0053, ADR 0069): the agency's dead letters, newest first, 20 a page,
 * each with "Send again". Admins only (the API says 403 to anyone else); linked
 * from Notifications. The retry is a plain form: works without JavaScript; a second post of the
 * same message queues nothing.
 */

export const handle: PanelHandle = { title: "Messages not sent" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Messages not sent" }];

const PATH = href("/panel/admin/failed-messages");
const RETRY_INTENT = "retry";

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const res = await getApi(context).get("GET /messages/dead", { query: { page } });
  const t = pageMessages(context, "failedMessages", "staffCommon");
  // WhatsApp's own settings are one link away: a wrong token is the usual reason a WhatsApp message fails.
  const whatsappLink = messagesFor(languageOf(context), "whatsappSettings").whatsappSettings.openSettings;
  return { ...res, t, whatsappLink, pageTitle: t.failedMessages.failedTitle };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = pageMessages(context, "failedMessages").failedMessages;
  const messageId = parseId(String(form.get("messageId") ?? ""));
  if (form.get("intent") !== RETRY_INTENT || !messageId) throw await redirectWithToast(PATH, { type: "error", message: t.failedEmpty });
  const res = await getApi(context).call("POST /messages/dead/{messageId}/retry", { params: { messageId } });
  if (!res.ok) throw await redirectWithToast(PATH, { type: "error", message: res.message });
  throw await redirectWithToast(PATH, { type: "success", message: res.data.requeued ? t.retried : t.notRetried });
}

export default function FailedMessages({ loaderData }: Route.ComponentProps) {
  const { messages, page, pageSize, total } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const t = loaderData.t.failedMessages;
  const lang = useLanguage();
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">
        {t.failedIntro}{" "}
        <Link to={href("/panel/admin/whatsapp")} className="font-semibold text-brand-dark underline">
          {loaderData.whatsappLink}
        </Link>
      </p>
      {messages.length ? (
        <ul aria-label={t.failedTitle} className="space-y-3">
          {messages.map((m) => (
            <li key={m.messageId}>
              <Card>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">{t.channel}</dt>
                  <dd className="text-slate-900 uppercase">{m.channel}</dd>
                  <dt className="text-slate-600">{t.purpose}</dt>
                  <dd className="text-slate-900">{m.purpose}</dd>
                  <dt className="text-slate-600">{t.recipient}</dt>
                  <dd className="break-all text-slate-900">{m.recipient}</dd>
                  <dt className="text-slate-600">{t.attempts}</dt>
                  <dd className="text-slate-900">
                    {m.attempts} · {formatDateTime(m.createdAt, lang)}
                  </dd>
                  <dt className="text-slate-600">{t.lastError}</dt>
                  <dd className="break-words text-slate-900">{m.lastError ?? "—"}</dd>
                </dl>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="messageId" value={m.messageId} />
                  <SubmitButton name="intent" value={RETRY_INTENT} pendingText={t.retrying} className="w-auto! min-w-32">
                    {t.retry}
                  </SubmitButton>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">{t.failedEmpty}</p>
        </Card>
      )}
      {total > pageSize ? <Pager page={page} pages={pages} total={total} hrefFor={(n) => `${PATH}?page=${n}`} text={loaderData.t.staffCommon} /> : null}
    </div>
  );
}
