import { useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/form";
import { apiFetch } from "~/lib/api.client";
import type { ApiOutput } from "~/lib/api.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { EditorText } from "./editor-context";

type Availability = ApiOutput<"GET /checkCardIdAvailability">;

/**
 * The card's public link. With JavaScript its availability is asked on blur
 * (GET /checkCardIdAvailability); the save checks it again on the server either way.
 */
export function CardIdField({ field, cardNo, host, t }: { field: FieldMetadata<string | undefined>; cardNo: number; host: string; t: EditorText }) {
  const [check, setCheck] = useState<Availability | null>(null);
  const current = (field.value ?? "").trim().toLowerCase();

  async function onBlur(e: React.FocusEvent<HTMLInputElement>) {
    const cardId = e.currentTarget.value.trim().toLowerCase();
    if (!cardId) return setCheck(null);
    try {
      const res = await apiFetch("GET /checkCardIdAvailability", { query: { cardId, cardNo } });
      if (res.ok) setCheck(res.data);
    } catch {
      setCheck(null); // offline: the save checks it anyway
    }
  }

  // Only speak about what is in the box now, and let the form's own error win.
  const show = check && check.cardId === current && !field.errors?.length ? check : null;
  return (
    <div className="space-y-1">
      <Field
        field={field}
        label={t.cardLink}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        onBlur={onBlur}
        hint={fmt(t.cardLinkHint, { url: `${host}/${current || t.yourLink}` })}
      />
      {/* Room kept for the answer, so it arriving does not move what is below. */}
      <p role="status" className={`min-h-5 text-sm ${show?.available ? "text-green-700" : "text-red-700"}`}>
        {show ? (show.available ? t.linkAvailable : show.message) : null}
      </p>
    </div>
  );
}
