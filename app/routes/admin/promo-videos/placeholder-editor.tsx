import {
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from "react";
import { VIDEO_PLACEHOLDER_KEYS } from "#contracts/promo-videos-texts.ts";

/*
 * The drag editor over a template's number fields (issue 26): loaded as its own chunk, only on
 * this page and only with JavaScript. The form stays the source of truth: every drag writes the
 * fields (and fires their input event, so Conform validates as if typed); typing in a field
 * moves its box. Without JavaScript the fields alone do the same job.
 */

type Row = {
  i: number;
  key: (typeof VIDEO_PLACEHOLDER_KEYS)[number];
  include: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  start: number;
  end: number;
  color: string;
};
type Text = {
  editorHelp: string;
  timeline: string;
  redrawn: string;
  samplePreview: string;
};

const snap = (v: number) => Math.round(v * 2) / 2;
const clamp = (v: number, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, v));

function readRows(form: HTMLFormElement): { rows: Row[]; duration: number } {
  const el = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | null;
  const num = (name: string) => Number(el(name)?.value ?? 0) || 0;
  const rows = VIDEO_PLACEHOLDER_KEYS.map((key, i) => {
    const n = (f: string) => `placeholders[${i}].${f}`;
    return {
      i,
      key,
      include: !!el(n("include"))?.checked,
      x: num(n("x")),
      y: num(n("y")),
      w: num(n("w")),
      h: num(n("h")),
      start: num(n("start")),
      end: num(n("end")),
      color: el(n("color"))?.value ?? "#ffffff",
    };
  });
  return { rows, duration: Math.max(1, num("durationSeconds")) };
}

function write(
  form: HTMLFormElement,
  i: number,
  values: Partial<Record<"x" | "y" | "w" | "h" | "start" | "end", number>>,
) {
  for (const [f, v] of Object.entries(values)) {
    const input = form.elements.namedItem(
      `placeholders[${i}].${f}`,
    ) as HTMLInputElement | null;
    if (!input) continue;
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * A pointer drag that reports its movement in the element's own fractions (0..1). A plain
 * function: its callers pass a new `onMove` each render, so memoising it would keep nothing.
 */
function dragHandler(onMove: (dx: number, dy: number, start: Row) => void) {
  return (e: ReactPointerEvent<HTMLElement>, row: Row, area: HTMLElement | null) => {
    if (!area) return;
    e.preventDefault();
    e.stopPropagation();
    const rect = area.getBoundingClientRect();
    const [x0, y0] = [e.clientX, e.clientY];
    // On the window: the pointer may leave the box (or the stage) while dragging.
    const move = (ev: PointerEvent) => onMove((ev.clientX - x0) / rect.width, (ev.clientY - y0) / rect.height, row);
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  };
}

export default function PlaceholderEditor({
  formId,
  posterUrl,
  background,
  text,
  labels,
}: {
  formId: string;
  posterUrl: string | null;
  background: string;
  text: Text;
  /** Each placeholder's name in the page's language. */
  labels: Record<string, string>;
}) {
  const [state, setState] = useState<{ rows: Row[]; duration: number } | null>(
    null,
  );
  const stage = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const form = () => document.getElementById(formId) as HTMLFormElement | null;

  // The fields are the truth: read them now and after every change (typed or dragged).
  useEffect(() => {
    const f = form();
    if (!f) return;
    const sync = () => setState(readRows(f));
    sync();
    f.addEventListener("input", sync);
    f.addEventListener("change", sync);
    return () => {
      f.removeEventListener("input", sync);
      f.removeEventListener("change", sync);
    };
  }, [formId]);

  const moveBox = dragHandler((dx, dy, r) =>
    write(form()!, r.i, {
      x: snap(clamp(r.x + dx * 100, 0, 100 - r.w)),
      y: snap(clamp(r.y + dy * 100, 0, 100 - r.h)),
    }),
  );
  const resizeBox = dragHandler((dx, dy, r) =>
    write(form()!, r.i, {
      w: snap(clamp(r.w + dx * 100, 2, 100 - r.x)),
      h: snap(clamp(r.h + dy * 100, 2, 100 - r.y)),
    }),
  );
  const D = state?.duration ?? 1;
  const moveSpan = dragHandler((dx, _dy, r) => {
    const len = r.end - r.start;
    const start = snap(clamp(r.start + dx * D, 0, D - len));
    write(form()!, r.i, { start, end: snap(start + len) });
  });
  const moveStart = dragHandler((dx, _dy, r) =>
    write(form()!, r.i, {
      start: snap(clamp(r.start + dx * D, 0, r.end - 0.5)),
    }),
  );
  const moveEnd = dragHandler((dx, _dy, r) =>
    write(form()!, r.i, { end: snap(clamp(r.end + dx * D, r.start + 0.5, D)) }),
  );

  if (!state) return null;
  const shown = state.rows.filter((r) => r.include);
  const nudge = (r: Row, key: string, big: boolean) => {
    const step = big ? 5 : 0.5;
    const d = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }[key];
    if (d)
      write(form()!, r.i, {
        x: clamp(r.x + d[0], 0, 100 - r.w),
        y: clamp(r.y + d[1], 0, 100 - r.h),
      });
    return !!d;
  };
  return (
    <div
      className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="placeholder-editor"
    >
      <p className="text-sm text-slate-600">{text.editorHelp}</p>
      <div className="flex flex-wrap items-start gap-4">
        <div
          ref={stage}
          className="relative aspect-[9/16] w-48 touch-none overflow-hidden rounded-md select-none"
          style={{ background }}
        >
          {posterUrl ? (
            <img
              src={posterUrl}
              alt={text.samplePreview}
              className="absolute inset-0 h-full w-full object-cover opacity-60"
              draggable={false}
            />
          ) : null}
          {shown.map((r) => (
            <div
              key={r.key}
              role="slider"
              tabIndex={0}
              aria-label={labels[r.key]}
              aria-valuenow={r.x}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuetext={`${r.x}%, ${r.y}%`}
              data-placeholder={r.key}
              onPointerDown={(e) => moveBox(e, r, stage.current)}
              onKeyDown={(e) =>
                nudge(r, e.key, e.shiftKey) && e.preventDefault()
              }
              className="absolute flex cursor-move items-center justify-center rounded border-2 border-dashed border-white bg-black/70 text-[10px] leading-tight font-semibold text-white focus:outline-2 focus:outline-brand"
              style={{
                left: `${r.x}%`,
                top: `${r.y}%`,
                width: `${r.w}%`,
                height: `${r.h}%`,
              }}
            >
              {labels[r.key]}
              <span
                aria-hidden
                data-resize={r.key}
                onPointerDown={(e) => resizeBox(e, r, stage.current)}
                className="absolute -right-1 -bottom-1 size-3 cursor-se-resize rounded-sm bg-white ring-1 ring-slate-500"
              />
            </div>
          ))}
        </div>
        <div className="min-w-56 flex-1 space-y-2">
          <p className="text-sm font-medium text-slate-800">
            {text.timeline} (0–{D} s)
          </p>
          <div ref={track} className="space-y-2">
            {shown.map((r) => (
              <div
                key={r.key}
                className="relative h-7 rounded bg-slate-200 text-[11px]"
                data-timeline={r.key}
              >
                <div
                  className="absolute inset-y-0 flex cursor-grab touch-none items-center justify-center rounded bg-brand-dark px-2 text-white select-none"
                  style={{
                    left: `${(r.start / D) * 100}%`,
                    width: `${(Math.max(0, r.end - r.start) / D) * 100}%`,
                  }}
                  onPointerDown={(e) => moveSpan(e, r, track.current)}
                >
                  <span className="truncate">
                    {labels[r.key]}
                  </span>
                  <span
                    aria-hidden
                    data-edge="start"
                    className="absolute inset-y-0 left-0 w-2 cursor-ew-resize rounded-l bg-brand-darker"
                    onPointerDown={(e) => moveStart(e, r, track.current)}
                  />
                  <span
                    aria-hidden
                    data-edge="end"
                    className="absolute inset-y-0 right-0 w-2 cursor-ew-resize rounded-r bg-brand-darker"
                    onPointerDown={(e) => moveEnd(e, r, track.current)}
                  />
                </div>
              </div>
            ))}
          </div>
          <p className="text-xs text-slate-600">{text.redrawn}</p>
        </div>
      </div>
    </div>
  );
}
