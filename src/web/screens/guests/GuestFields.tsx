/** A guest profile's fields (docs/product.md#guests) for "New guest" and "Edit"; values: profileInput.ts. */
import { type TextareaHTMLAttributes, useId } from "react";
import { DOCUMENT_TYPES, LIMITS } from "../../../domain/constants.js";
import { capitalize, countryChoices, DOCUMENT_TYPE_LABELS, languageName } from "../../../domain/labels.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import type { FieldErrors } from "../../components/fieldErrors.js";
import { GUEST_FIELD_LABELS, type GuestFieldValues } from "./profileInput.js";

/** Languages the hotel's guests most often speak, offered first; any other stored tag is kept as it is. */
const LANGUAGES = [
  ..."en hi bn te mr ta ur gu kn ml pa or ne si ar zh ja ko th id ms vi".split(" "),
  ..."fr de es it pt nl ru pl tr sv da nb fi el he fa".split(" "),
].sort((a, b) => languageName(a).localeCompare(languageName(b), "en"));

export function GuestFields({
  values,
  errors,
  edit = false,
  onChange,
}: {
  values: GuestFieldValues;
  /** A profile always has a language: only a new one may leave it to the hotel's default. */
  edit?: boolean;
  errors: FieldErrors;
  onChange: <K extends keyof GuestFieldValues>(field: K, value: GuestFieldValues[K]) => void;
}) {
  const text = (field: Exclude<keyof GuestFieldValues, "marketingConsent">) => ({
    label: GUEST_FIELD_LABELS[field],
    value: values[field],
    error: errors[field],
    onValue: (value: string) => onChange(field, value),
  });
  const languages =
    values.language && !LANGUAGES.includes(values.language) ? [values.language, ...LANGUAGES] : LANGUAGES;
  return (
    <div className="guest-fields">
      <InputField {...text("name")} autoComplete="off" required maxLength={LIMITS.text} />
      <InputField {...text("email")} type="email" autoComplete="off" />
      <InputField {...text("phone")} type="tel" autoComplete="off" />
      <SelectField {...text("language")}>
        {edit ? null : <option value="">The hotel's default</option>}
        {languages.map((tag) => (
          <option key={tag} value={tag}>
            {languageName(tag)}
          </option>
        ))}
      </SelectField>
      <SelectField {...text("country")}>
        <option value="">Not recorded</option>
        {countryChoices().map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
        {values.country && !countryChoices().some((country) => country.code === values.country) ? (
          <option value={values.country}>{values.country}</option>
        ) : null}
      </SelectField>
      <DateField {...text("dateOfBirth")} />
      <SelectField {...text("documentType")}>
        <option value="">None</option>
        {DOCUMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {capitalize(DOCUMENT_TYPE_LABELS[type])}
          </option>
        ))}
      </SelectField>
      <InputField {...text("documentNumber")} autoComplete="off" />
      <InputField {...text("taxId")} autoComplete="off" />
      <InputField {...text("tags")} autoComplete="off" hint="Separate with commas, e.g. VIP, Corporate" />
      <TextAreaField {...text("address")} className="wide" rows={2} maxLength={LIMITS.notes} />
      <TextAreaField {...text("notes")} className="wide" rows={3} maxLength={LIMITS.notes} />
      <div className="field wide check-field">
        <label>
          <input
            type="checkbox"
            checked={values.marketingConsent}
            onChange={(event) => onChange("marketingConsent", event.target.checked)}
          />{" "}
          {GUEST_FIELD_LABELS.marketingConsent}
        </label>
        {errors.marketingConsent ? <span className="field-error">{errors.marketingConsent}</span> : null}
      </div>
    </div>
  );
}

/** A labelled multi-line field, marked like Field's controls when refused. */
function TextAreaField({
  label,
  error,
  onValue,
  className,
  ...area
}: {
  label: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  className?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange">) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        onChange={(event) => onValue(event.target.value)}
        {...area}
      />
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
