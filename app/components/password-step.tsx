import type { FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import { Field, SubmitButton } from "./form";

/** Step 2 of both sign-ins: who is signing in (with 'Change'), the password, 'Forgot password?'. */
export function PasswordStep({
  identifier,
  changeTo,
  forgotTo,
  password,
}: {
  identifier: string;
  changeTo: string;
  forgotTo: string;
  password: FieldMetadata<string | undefined>;
}) {
  return (
    <>
      <p className="text-sm text-slate-600">
        Signing in as <strong>{identifier}</strong>{" "}
        <Link to={changeTo} className="text-brand-dark underline">
          Change
        </Link>
      </p>
      <Field field={password} label="Password" type="password" autoComplete="current-password" autoFocus />
      <SubmitButton name="intent" value="login" pendingText="Signing in…">
        Sign in
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to={forgotTo} className="text-brand-dark underline">
          Forgot password?
        </Link>
      </p>
    </>
  );
}
