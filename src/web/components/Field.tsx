/**
 * Labelled form controls: every input gets a visible <label> tied to it by id (accessibility rule), so
 * tests and screen readers find inputs by their label text.
 */

import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { useAmountStep, useMoneyStep } from "./useMoney.js";

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /** What is wrong with the value, shown under the control and tied to it (aria-invalid, aria-describedby). */
  error?: string | null;
  /** Called with the control's new value on each change (instead of, or as well as, `onChange`). */
  onValue?: (value: string) => void;
};
/** A control's change handler: `onChange` with the event, then `onValue` with the new value. */
function changed<Event extends { target: { value: string } }>(
  onChange: ((event: Event) => void) | undefined,
  onValue: ((value: string) => void) | undefined,
) {
  return (event: Event) => {
    onChange?.(event);
    onValue?.(event.target.value);
  };
}

type InputFieldProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;
type NumberFieldProps = Omit<InputFieldProps, "type" | "inputMode" | "step">;

/** The attributes that tie a control to its label, hint and error. */
export type ControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * A field's box: its label, tied to the control by id, the control, and the hint and error under it. The
 * controls below use it; a control of its own kind (GuestCombobox) renders inside it through `control`.
 */
export function Field({
  label,
  hint,
  error,
  control,
}: Omit<FieldProps, "onValue"> & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <span id={hintId} className="muted">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function InputField({ label, hint, error, onValue, onChange, ...input }: InputFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(ids) => <input {...ids} onChange={changed(onChange, onValue)} {...input} />}
    />
  );
}

/**
 * An amount of money in the property's currency: never negative, to its minor unit (0.01 for INR, whole yen
 * for JPY), with the decimal keypad on phones (the numeric one for a currency without decimals).
 */
export function MoneyField(props: Omit<NumberFieldProps, "min">) {
  const step = useMoneyStep();
  return (
    <InputField
      type="number"
      inputMode={step === "1" ? "numeric" : "decimal"}
      min={0}
      step={step}
      {...props}
    />
  );
}

/**
 * A folio amount in the property's currency (a charge's price, a product's): to the currency's minor unit,
 * negative unless `min` says otherwise (a negative charge corrects an earlier one).
 */
export function AmountField(props: NumberFieldProps) {
  const step = useAmountStep();
  // The decimal keypad of phones has no minus sign: it is offered only where the amount cannot be negative.
  const keypad = props.min !== undefined && Number(props.min) >= 0;
  return (
    <InputField
      type="number"
      {...(keypad ? { inputMode: step === "1" ? "numeric" : "decimal" } : {})}
      step={step}
      {...props}
    />
  );
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
  error,
  onValue,
  onChange,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(ids) => (
        <select {...ids} onChange={changed(onChange, onValue)} {...select}>
          {children}
        </select>
      )}
    />
  );
}
