import { Link } from "react-router";
import { VIDEO_BACKGROUND_COLORS, type VideoBackground } from "#contracts/promo-videos-texts.ts";

export type TemplateView = {
  templateId: number;
  name: string;
  description: string | null;
  background: string | null;
  previewUrl: string;
  durationSeconds: number;
  popularity: number;
  /** The template drawn with sample values (issue 26); null while the queue draws it. */
  posterUrl?: string | null;
  clipUrl?: string | null;
  placeholders: { key: string; label: string; x: number; y: number; w: number; h: number; start: number; end: number; color: string }[];
};

/**
 * A template's look: its real preview frame (drawn with sample values) and, with `clip`, its
 * short muted clip; until the queue has drawn them, its background with the placeholders' boxes.
 */
export function TemplatePreview({ template, className = "", clip = false, drawingText }: { template: TemplateView; className?: string; clip?: boolean; drawingText?: string }) {
  if (template.posterUrl) {
    return (
      <div className={`relative aspect-[9/16] w-full overflow-hidden rounded-md bg-slate-900 ${className}`}>
        {clip && template.clipUrl ? (
          <video src={template.clipUrl} poster={template.posterUrl} muted loop autoPlay playsInline preload="none" className="absolute inset-0 h-full w-full object-cover" data-preview="clip" />
        ) : (
          <img src={template.posterUrl} alt="" loading="lazy" width={360} height={640} className="absolute inset-0 h-full w-full object-cover" data-preview="frame" />
        )}
      </div>
    );
  }
  const color = template.background ? (VIDEO_BACKGROUND_COLORS[template.background as VideoBackground] ?? "#334155") : "#0f172a";
  const uploaded = !template.background && template.previewUrl.endsWith(".mp4");
  return (
    <div className={`relative aspect-[9/16] w-full overflow-hidden rounded-md ${className}`} style={{ background: `radial-gradient(circle, ${color} 55%, #00000099)` }}>
      {uploaded ? <video src={template.previewUrl} muted playsInline preload="metadata" className="absolute inset-0 h-full w-full object-cover" /> : null}
      {!template.background && template.previewUrl.endsWith(".jpg") ? <img src={template.previewUrl} alt="" className="absolute inset-0 h-full w-full object-cover" /> : null}
      {template.placeholders.map((p) => (
        <span
          key={p.key}
          aria-hidden
          className="absolute flex items-center justify-center rounded border border-dashed border-white/70 text-[10px] leading-tight font-semibold"
          style={{ left: `${p.x}%`, top: `${p.y}%`, width: `${p.w}%`, height: `${p.h}%`, color: p.color }}
        >
          {p.label}
        </span>
      ))}
      {drawingText ? <span className="absolute inset-x-0 bottom-0 bg-black/60 px-1 py-0.5 text-center text-[10px] text-white">{drawingText}</span> : null}
    </div>
  );
}

export function TemplateTile({ template, to, selected, drawingText, secondsText = "{n} s" }: { template: TemplateView; to: string; selected: boolean; drawingText?: string; secondsText?: string }) {
  return (
    <li>
      <Link
        to={to}
        aria-current={selected ? "true" : undefined}
        className={`block rounded-lg bg-white p-2 shadow-sm ring-1 ${selected ? "ring-2 ring-brand" : "ring-slate-200"}`}
      >
        <TemplatePreview template={template} drawingText={drawingText} />
        <span className="mt-2 block text-sm font-semibold text-slate-900">{template.name}</span>
        <span className="block text-xs text-slate-600">{secondsText.replace("{n}", String(template.durationSeconds))}</span>
      </Link>
    </li>
  );
}
