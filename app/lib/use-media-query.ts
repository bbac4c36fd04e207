import { useSyncExternalStore } from "react";

/** Whether `query` matches now (false on the server and during hydration); follows changes. */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
