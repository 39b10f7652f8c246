/**
 * Labelled form controls: every input gets a visible <label> tied to it by id (accessibility rule), so
 * tests and screen readers find inputs by their label text.
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

type FieldProps = { label: string; hint?: ReactNode };

export function InputField({ label, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {hint ? <span className="muted">{hint}</span> : null}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
      {hint ? <span className="muted">{hint}</span> : null}
    </div>
  );
}
