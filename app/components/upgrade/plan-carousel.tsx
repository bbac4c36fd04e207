import { useMemo, useState } from "react";
import { useKeenSlider } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { fmt } from "#contracts/i18n/fmt.ts";
import { ChevronIcon } from "../icons";

/** The carousel's own words (the `plans` namespace); English when left out. */
export type CarouselWords = { slideOf: string; previousPlan: string; nextPlan: string; showPlan: string };
const ENGLISH: CarouselWords = { slideOf: "{n} of {count}", previousPlan: "Previous plan", nextPlan: "Next plan", showPlan: "Show plan {n} of {count}" };

/** SPEC §9: the mobile breakpoint. */
export const PHONE_QUERY = "(max-width: 767px)";

/** SPEC §2: slide 0 on phones, the middle slide otherwise. */
export function initialSlide(count: number, isPhone: boolean) {
  return isPhone ? 0 : Math.floor(count / 2);
}

/**
 * The plans carousel (keen-slider). The server renders every slide with keen-slider's own
 * "disabled" marker, which our CSS lays out as a plain grid: without JavaScript all plans show;
 * once keen-slider starts it removes the marker and slides.
 */
export function PlanCarousel({ slides, label, words = ENGLISH }: { slides: { key: string; node: React.ReactNode }[]; label: string; words?: CarouselWords }) {
  const [current, setCurrent] = useState<number | null>(null);
  // Read in the browser when the slider is created (after hydration), never on the server.
  const initial = useMemo(
    () => (typeof window === "undefined" ? 0 : initialSlide(slides.length, window.matchMedia(PHONE_QUERY).matches)),
    [slides.length],
  );
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    initial,
    slides: { perView: 1.12, spacing: 12, origin: "auto" },
    breakpoints: {
      "(min-width: 768px)": { slides: { perView: 2.2, spacing: 16, origin: "center" } },
      "(min-width: 1024px)": { slides: { perView: 3, spacing: 16, origin: "center" } },
    },
    created: (s) => setCurrent(s.track.details.rel),
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });

  const go = (i: number) => slider.current?.moveToIdx(i);
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} data-current-slide={current ?? undefined}>
      <div
        ref={sliderRef}
        data-keen-slider-disabled=""
        className="keen-slider py-1 data-[keen-slider-disabled]:grid data-[keen-slider-disabled]:gap-4 sm:data-[keen-slider-disabled]:grid-cols-2 lg:data-[keen-slider-disabled]:grid-cols-3"
      >
        {slides.map((s, i) => (
          <div
            key={s.key}
            role="group"
            aria-roledescription="slide"
            aria-label={fmt(words.slideOf, { n: i + 1, count: slides.length })}
            aria-current={current === i ? "true" : undefined}
            className="keen-slider__slide px-0.5"
          >
            {s.node}
          </div>
        ))}
      </div>
      {current !== null && slides.length > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-3">
          <button
            type="button"
            aria-label={words.previousPlan}
            disabled={current === 0}
            onClick={() => go(current - 1)}
            className="inline-flex size-10 items-center justify-center rounded-full ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronIcon className="size-5 rotate-180" />
          </button>
          <div className="flex gap-1">
            {slides.map((s, i) => (
              <button
                key={s.key}
                type="button"
                aria-label={fmt(words.showPlan, { n: i + 1, count: slides.length })}
                aria-current={current === i ? "true" : undefined}
                onClick={() => go(i)}
                className="inline-flex size-6 items-center justify-center"
              >
                <span className={`block size-2.5 rounded-full ${current === i ? "bg-brand-dark" : "bg-slate-300"}`} />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={words.nextPlan}
            disabled={current === slides.length - 1}
            onClick={() => go(current + 1)}
            className="inline-flex size-10 items-center justify-center rounded-full ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronIcon className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
