import type { Route } from "./+types/basic-details";
import { basicDetailsFormSchema } from "#contracts/cards.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { useEditor, sectionMeta } from "./editor-context";
import { BasicDetailsForm } from "./basic-details-form";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "basicDetails");

const IMAGE_PURPOSES = { logoUrl: "business-logo", coverImageUrl: "card-cover" } as const;

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: basicDetailsFormSchema,
    message: "savedBasicDetails",
    uploads: (field) => IMAGE_PURPOSES[field as keyof typeof IMAGE_PURPOSES] ?? "card-profile",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardBasicDetails", { body: { cardNo, ...value } }),
  });
}

export default function BasicDetails({ actionData }: Route.ComponentProps) {
  const { card, businessId, host } = useEditor();
  return <BasicDetailsForm key={new Date(card.updatedAt).toISOString()} card={card} businessId={businessId} host={host} lastResult={actionData?.result} />;
}
