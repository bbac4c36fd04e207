import type { FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { Field, SubmitButton } from "./form";

/** Step 2 of both sign-ins: who is signing in (with 'Change'), the password, 'Forgot password?'. */
export function PasswordStep({
  identifier,
  changeTo,
  forgotTo,
  password,
  t,
}: {
  identifier: string;
  changeTo: string;
  forgotTo: string;
  password: FieldMetadata<string | undefined>;
  t: Catalogue["signIn"];
}) {
  return (
    <>
      <p className="text-sm text-slate-600">
        {t.signingInAs} <strong>{identifier}</strong>{" "}
        <Link to={changeTo} className="text-brand-dark underline">
          {t.change}
        </Link>
      </p>
      <Field field={password} label={t.password} type="password" autoComplete="current-password" autoFocus />
      <SubmitButton name="intent" value="login" pendingText={t.signingIn}>
        {t.signIn}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to={forgotTo} className="text-brand-dark underline">
          {t.forgotPassword}
        </Link>
      </p>
    </>
  );
}
