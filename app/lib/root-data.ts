import { useRouteLoaderData } from "react-router";
import type { SessionInfo } from "./context";

/** The root loader's data, for components rendered anywhere (including error boundaries). */
type RootData = { nonce?: string; agency: SessionInfo["agency"]; flash: { id: string; message: string } | null };

export function useAgency(): SessionInfo["agency"] | undefined {
  return (useRouteLoaderData("root") as RootData | undefined)?.agency;
}
