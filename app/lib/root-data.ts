import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's agency, for components rendered anywhere (including error boundaries). */
export function useAgency() {
  return useRouteLoaderData<typeof loader>("root")?.agency;
}
