import { NotBuilt } from "~/components/panel-shell";

export const meta = () => [{ title: "Digital business card" }];

/** Placeholder: issue 3 builds this page. */
export default function Placeholder() {
  return <NotBuilt title="Digital business card" />;
}
