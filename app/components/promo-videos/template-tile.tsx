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
  placeholders: { key: string; label: string; x: number; y: number; w: number; h: number; start: number; end: number; color: string }[];
};

/** A template's look: its background (swatch or video) with its placeholders' boxes, to scale. */
export function TemplatePreview({ template, className = "" }: { template: TemplateView; className?: string }) {
  const color = template.background ? (VIDEO_BACKGROUND_COLORS[template.background as VideoBackground] ?? "#334155") : "#0f172a";
  const uploaded = !template.background && template.previewUrl.endsWith(".mp4");
  return (
    <div className={`relative aspect-[9/16] w-full overflow-hidden rounded-md ${className}`} style={{ background: `radial-gradient(circle, ${color} 55%, #00000099)` }} aria-hidden>
      {uploaded ? <video src={template.previewUrl} muted playsInline preload="metadata" className="absolute inset-0 h-full w-full object-cover" /> : null}
      {template.placeholders.map((p) => (
        <span
          key={p.key}
          className="absolute flex items-center justify-center rounded border border-dashed border-white/70 text-[10px] leading-tight font-semibold"
          style={{ left: `${p.x}%`, top: `${p.y}%`, width: `${p.w}%`, height: `${p.h}%`, color: p.color }}
        >
          {p.label}
        </span>
      ))}
    </div>
  );
}

export function TemplateTile({ template, to, selected }: { template: TemplateView; to: string; selected: boolean }) {
  return (
    <li>
      <Link
        to={to}
        aria-current={selected ? "true" : undefined}
        className={`block rounded-lg bg-white p-2 shadow-sm ring-1 ${selected ? "ring-2 ring-brand" : "ring-slate-200"}`}
      >
        <TemplatePreview template={template} />
        <span className="mt-2 block text-sm font-semibold text-slate-900">{template.name}</span>
        <span className="block text-xs text-slate-600">{template.durationSeconds} s</span>
      </Link>
    </li>
  );
}
