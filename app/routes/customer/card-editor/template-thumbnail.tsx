import { safeColor } from "#contracts/format.ts";

/** A tiny drawing of each card style for the template picker (no text to read, so hidden from screen readers). */
export function TemplateThumbnail({ template, color }: { template: "style-1" | "style-2"; color?: string }) {
  const c = safeColor(color);
  const bar = (w: string) => <div className={`h-1.5 rounded bg-slate-300 ${w}`} />;
  return (
    <div aria-hidden="true" className="mx-auto aspect-[9/14] w-full max-w-32 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      {template === "style-1" ? (
        <>
          <div className="h-7" style={{ background: c }} />
          <div className="-mt-4 flex flex-col items-center gap-1 px-2">
            <div className="size-8 rounded-full bg-slate-200 ring-2 ring-white" />
            {bar("w-16")}
            {bar("w-10")}
            <div className="mt-1 grid w-full grid-cols-4 gap-1">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-3 rounded" style={{ background: c }} />
              ))}
            </div>
          </div>
        </>
      ) : (
        <>
          <div className="flex items-center gap-1.5 p-2" style={{ background: c }}>
            <div className="size-7 shrink-0 rounded-md bg-white/90" />
            <div className="flex-1 space-y-1">
              <div className="h-1.5 w-14 rounded bg-white/80" />
              <div className="h-1.5 w-9 rounded bg-white/60" />
            </div>
          </div>
          <div className="space-y-1 bg-slate-50 p-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-3 rounded bg-white ring-1 ring-slate-200" />
            ))}
          </div>
        </>
      )}
      <div className="space-y-1 p-2">
        {bar("w-full")}
        {bar("w-3/4")}
      </div>
    </div>
  );
}
