import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/protected-card-links";
import { getApi } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { Field, FormError, SubmitButton } from "~/components/form";
import { protectedWordSchema } from "#contracts/card-id.ts";
import { errorWordsFor, pageMessages, translateReply } from "~/lib/i18n.server";
import { speaking } from "~/lib/form-words";
import { fmt } from "#contracts/i18n/fmt.ts";

/*
 * Protected card links (issue 22 M4, ADR 0045): the platform's admin adds brand-like words no
 * new card link may use as a part (a link "haldiram-sweets" passes for the brand's own card).
 * Reached from All Projects; the API refuses everyone else (403 → the error dialog).
 */

export const handle: PanelHandle = { title: "Protected card links" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Protected card links" }];

const PATH = href("/panel/admin/protected-card-links");
const INTENTS = { add: "add", remove: "remove" } as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  const words = await getApi(context).get("GET /card-id/protected-words");
  const removing = url.searchParams.get("remove");
  const t = pageMessages(context, "staffProtectedLinks");
  const errorWords = errorWordsFor(context, ["Enter a word.", "Use 2 to 30 letters or digits.", "Use only letters a–z and digits (one word, no spaces or hyphens)."]);
  return { ...words, removing: words.added.some((w) => w.word === removing) ? removing : null, t, pageTitle: t.staffProtectedLinks.title, errorWords };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const { staffProtectedLinks: t } = pageMessages(context, "staffProtectedLinks");
  if (formData.get("intent") === INTENTS.remove) {
    const word = String(formData.get("word") ?? "");
    const res = await api.call("DELETE /card-id/protected-words/{word}", { params: { word } });
    if (!res.ok) return { result: null, error: res.message };
    throw await redirectWithToast(PATH, { type: "success", message: fmt(t.removed, { word: res.data.word }) });
  }
  const submission = parseWithZod(formData, { schema: protectedWordSchema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
  const res = await api.call("POST /card-id/protected-words", { body: submission.value });
  if (!res.ok) return { result: replyWithApiError(submission, res), error: null };
  const message = fmt(res.data.added ? t.added : t.already, { word: res.data.word });
  throw await redirectWithToast(PATH, { type: "success", message });
}

export default function ProtectedCardLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { builtIn, added, removing, errorWords } = loaderData;
  const error = actionData?.error ?? null;
  const t = loaderData.t.staffProtectedLinks;
  const [form, fields] = useForm<z.input<typeof protectedWordSchema>>({
    id: "protected-word",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => speaking(parseWithZod(formData, { schema: protectedWordSchema }), errorWords),
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">{t.intro}</p>
      <Card>
        <h2 className="mb-3 font-semibold text-slate-900">{t.protectTitle}</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.word} label={t.word} placeholder="haldiram" autoComplete="off" />
          <SubmitButton name="intent" value={INTENTS.add} pendingText={t.adding} className="w-auto! min-w-32">
            {t.protect}
          </SubmitButton>
        </Form>
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.addedTitle}</h2>
        {added.length ? (
          <ul aria-label={t.addedList} className="mt-2 divide-y divide-slate-100">
            {added.map((w) => (
              <li key={w.word} className="flex items-center justify-between gap-2 py-2">
                <span className="font-mono text-slate-800">{w.word}</span>
                <Link to={`${PATH}?remove=${encodeURIComponent(w.word)}`} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50" aria-label={fmt(t.removeNamed, { word: w.word })}>
                  {t.remove}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t.noneAdded}</p>
        )}
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{fmt(t.builtIn, { count: builtIn.length })}</h2>
        <p className="mt-2 text-sm break-words text-slate-700">{builtIn.join(", ")}</p>
      </Card>
      {removing && !error ? (
        <ConfirmDialog message={fmt(t.confirmRemove, { word: removing })} cancelTo={PATH} action={PATH} intent={INTENTS.remove} fields={{ word: removing }} />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={PATH} /> : null}
    </div>
  );
}
