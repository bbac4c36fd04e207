import { useAgency } from "~/lib/root-data";
import { brandName } from "~/lib/branding";
import { useLanguage, useShellText } from "~/lib/i18n";
import { LanguageSwitch } from "./language-switch";

/** Agency mark: its own logo, our logo on the main host, else its initial. */
export function AgencyMark({ size = "size-14" }: { size?: string }) {
  const agency = useAgency();
  const logo = agency?.branding.logoUrl ?? (agency?.isMainHost ? "/logo.svg" : undefined);
  if (logo) return <img src={logo} alt="" className={`${size} rounded-xl object-contain`} />;
  const initial = (agency ? brandName(agency) : "C").trim().charAt(0).toUpperCase();
  return (
    <span aria-hidden="true" className={`${size} inline-flex items-center justify-center rounded-xl bg-brand text-2xl font-bold text-white`}>
      {initial}
    </span>
  );
}

/** Centred card for the sign-in steps and other stand-alone pages. */
export function AuthShell({
  title,
  subtitle,
  languageSwitch = false,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  /** The sign-in pages offer the language switch under the card (ADR 0066). */
  languageSwitch?: boolean;
  children: React.ReactNode;
}) {
  const agency = useAgency();
  const lang = useLanguage();
  const shell = useShellText();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-start px-4 py-8 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <AgencyMark />
          {agency ? <p className="text-sm font-medium text-slate-600">{brandName(agency)}</p> : null}
        </div>
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h1 id="auth-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-5">{children}</div>
        </section>
        {languageSwitch ? <LanguageSwitch current={lang} label={shell.language} className="mt-6" /> : null}
      </div>
    </main>
  );
}
