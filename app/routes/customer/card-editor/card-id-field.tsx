import { useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/form";
import { apiFetch } from "~/lib/api.client";
import type { ApiOutput } from "~/lib/api.server";

type Availability = ApiOutput<"GET /checkCardIdAvailability">;

/**
 * The card's public link. With JavaScript its availability is asked on blur
 * (GET /checkCardIdAvailability); the save checks it again on the server either way.
 */
export function CardIdField({ field, cardNo, host }: { field: FieldMetadata<string | undefined>; cardNo: number; host: string }) {
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
        label="Card link"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        onBlur={onBlur}
        hint={`Your card opens at ${host}/${current || "your-link"}. Use lowercase letters, numbers and hyphens.`}
      />
      {/* Room kept for the answer, so it arriving does not move what is below. */}
      <p role="status" className={`min-h-5 text-sm ${show?.available ? "text-green-700" : "text-red-700"}`}>
        {show ? (show.available ? "This link is available." : show.message) : null}
      </p>
    </div>
  );
}
