import { Link } from "react-router";
import type { PhoneLinks } from "#contracts/phone.ts";
import { formatDateTime } from "#contracts/format.ts";

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
export function FeedbackList({ messages, deleteHref }: { messages: Message[]; deleteHref: (id: number) => string }) {
  return (
    <ul className="space-y-3" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <article aria-labelledby={`message-${m.id}`}>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${m.kind === "enquiry" ? "bg-blue-50 text-blue-800" : "bg-amber-50 text-amber-800"}`}
              >
                {m.kind === "enquiry" ? "Enquiry" : "Feedback"}
              </span>
              <h2 id={`message-${m.id}`} className="font-semibold text-slate-900">
                {m.name}
              </h2>
              <time dateTime={m.createdAt} className="ml-auto text-xs text-slate-500">
                {formatDateTime(m.createdAt)}
              </time>
            </div>
            <p className="mt-2 whitespace-pre-line break-words text-slate-700">{m.message}</p>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {m.phone ? (
                <>
                  <a href={m.phone.tel} className="font-medium text-brand-dark underline">
                    Call {m.phone.label}
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
              <Link to={deleteHref(m.id)} preventScrollReset className="ml-auto font-medium text-red-700 underline" aria-label={`Delete the message from ${m.name}`}>
                Delete
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
