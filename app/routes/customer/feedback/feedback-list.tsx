import { Link } from "react-router";
import type { PhoneLinks } from "#contracts/phone.ts";
import { formatDateTime } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

type Message = {
  id: number;
  kind: "enquiry" | "feedback";
  name: string;
  /** The visitor's number as shown and linked (phoneLinks). */
  phone: PhoneLinks | null;
  email: string | null;
  message: string;
  createdAt: string;
};

// Owners are in India: show India's date and time whatever the server's zone.

/** The owner's inbox of messages left on their public card. */
export function FeedbackList({ messages, deleteHref, t, lang }: { messages: Message[]; deleteHref: (id: number) => string; t: Catalogue["feedback"]; lang: string }) {
  return (
    <ul className="space-y-3" aria-label={t.messages}>
      {messages.map((m) => (
        <li key={m.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <article aria-labelledby={`message-${m.id}`}>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${m.kind === "enquiry" ? "bg-blue-50 text-blue-800" : "bg-amber-50 text-amber-800"}`}
              >
                {m.kind === "enquiry" ? t.enquiry : t.feedbackKind}
              </span>
              <h2 id={`message-${m.id}`} className="font-semibold text-slate-900">
                {m.name}
              </h2>
              <time dateTime={m.createdAt} className="ml-auto text-xs text-slate-500">
                {formatDateTime(m.createdAt, lang)}
              </time>
            </div>
            <p className="mt-2 whitespace-pre-line break-words text-slate-700">{m.message}</p>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {m.phone ? (
                <>
                  <a href={m.phone.tel} className="font-medium text-brand-dark underline">
                    {fmt(t.call, { phone: m.phone.label })}
                  </a>
                  <a href={m.phone.whatsapp} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-dark underline">
                    WhatsApp
                  </a>
                </>
              ) : null}
              {m.email ? (
                <a href={`mailto:${m.email}`} className="font-medium break-all text-brand-dark underline">
                  {m.email}
                </a>
              ) : null}
              <Link to={deleteHref(m.id)} preventScrollReset className="ml-auto font-medium text-red-700 underline" aria-label={fmt(t.deleteFrom, { name: m.name })}>
                {t.delete}
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
