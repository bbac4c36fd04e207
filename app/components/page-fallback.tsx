import { Spinner } from "./icons";

/** Shown while a lazy page's code or data loads (HydrateFallback where a route uses one). */
export function PageFallback({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-slate-600">
      <Spinner />
      <span className="text-sm">{label}</span>
    </div>
  );
}
