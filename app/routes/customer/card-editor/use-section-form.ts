import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { EditorSectionPath } from "~/lib/card-editor";
import { translateWith } from "#contracts/i18n/fmt.ts";
import { useDraftSync, useEditor } from "./editor-context";

type Errors = Record<string, string[] | null> | null | undefined;
const translated = (words: Record<string, string>, errors: Errors) =>
  errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? v.map((m) => translateWith(words, m)) : v])) : errors;

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
  const { errorWords } = useEditor();
  const [form, fields] = useForm<Shape>({
    id: `card-${section}`,
    lastResult,
    defaultValue: defaultValue as never,
    // Not on blur: a message appearing as focus leaves a box moves the button being clicked.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema }) as unknown as Submission<Shape>;
      if (!Object.keys(errorWords).length) return submission;
      // The browser's check speaks the page's language too (the server's reply is translated already).
      return {
        ...submission,
        reply: (options?: Parameters<typeof submission.reply>[0]) => {
          const result = submission.reply(options);
          return { ...result, error: translated(errorWords, result.error) };
        },
      } as Submission<Shape>;
    },
  });
  useDraftSync(section, toDraft ? toDraft(form.value) : form.value);
  return [form, fields] as const;
}
