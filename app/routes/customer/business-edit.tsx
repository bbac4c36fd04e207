import { NotBuilt } from "~/components/panel-shell";

export const meta = () => [{ title: "Edit business" }];

/** Placeholder: issue 3 builds this page. */
export default function Placeholder() {
  return <NotBuilt title="Edit business" />;
}
