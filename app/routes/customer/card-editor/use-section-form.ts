import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { EditorSectionPath } from "~/lib/card-editor";
import { useDraftSync } from "./editor-context";

/**
 * One section's Conform form: validated on submit, then as the person types, with the same zod
 * schema the action uses; its live values feed the preview. `Shape` is the form's field
 * shape (what the inputs hold).
 */
export function useSectionForm<Shape extends Record<string, unknown>>(
  section: EditorSectionPath,
  schema: z.ZodType,
  defaultValue: Record<string, unknown>,
  lastResult: SubmissionResult<string[]> | undefined,
  /** What the preview draws from the live values, when it differs from them (the Links section completes handles). */
  toDraft?: (value: unknown) => unknown,
) {
  const [form, fields] = useForm<Shape>({
    id: `card-${section}`,
    lastResult,
    defaultValue: defaultValue as never,
    // Not on blur: a message appearing as focus leaves a box moves the button being clicked.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as unknown as Submission<Shape>,
  });
  useDraftSync(section, toDraft ? toDraft(form.value) : form.value);
  return [form, fields] as const;
}
