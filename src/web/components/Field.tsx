/**
 * Labelled form controls: every input gets a visible <label> tied to it by id (accessibility rule), so
 * tests and screen readers find inputs by their label text.
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /** Called with the control's new value on each change (instead of, or as well as, `onChange`). */
  onValue?: (value: string) => void;
};
type InputFieldProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;
type NumberFieldProps = Omit<InputFieldProps, "type" | "inputMode" | "step">;

export function InputField({ label, hint, onValue, onChange, ...input }: InputFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        onChange={(event) => {
          onChange?.(event);
          onValue?.(event.target.value);
        }}
        {...input}
      />
      {hint ? <span className="muted">{hint}</span> : null}
    </div>
  );
}

/** An amount of money: never negative, to the cent, with the decimal keypad on phones. */
export function MoneyField(props: Omit<NumberFieldProps, "min">) {
  return <InputField type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}

/** A date, its value YYYY-MM-DD. */
export function DateField(props: Omit<InputFieldProps, "type">) {
  return <InputField type="date" {...props} />;
}

/** A whole number (give `min` where there is one), with the numeric keypad on phones. */
export function WholeNumberField(props: NumberFieldProps) {
  return <InputField type="number" inputMode="numeric" step={1} {...props} />;
}

export function SelectField({
  label,
  hint,
  onValue,
  onChange,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        onChange={(event) => {
          onChange?.(event);
          onValue?.(event.target.value);
        }}
        {...select}
      >
        {children}
      </select>
      {hint ? <span className="muted">{hint}</span> : null}
    </div>
  );
}
