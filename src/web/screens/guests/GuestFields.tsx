/** A guest profile's fields (docs/product.md#guests) for "New guest" and "Edit"; values: profileInput.ts. */
import { useLingui } from "@lingui/react/macro";
import { type TextareaHTMLAttributes, useId } from "react";
import { DOCUMENT_TYPES, LIMITS } from "../../../domain/constants.js";
import { capitalize } from "../../../domain/labels.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import type { FieldErrors } from "../../components/fieldErrors.js";
import { type GuestWords, useGuestWords } from "../../i18n/guestWords.js";
import { DOCUMENT_TYPE_WORDS } from "../../i18n/labels.js";
import { type GuestFieldValues, useGuestFieldLabels } from "./profileInput.js";

/** Languages the hotel's guests most often speak, offered first; any other stored tag is kept as it is. */
const LANGUAGE_TAGS = [
  ..."en hi bn te mr ta ur gu kn ml pa or ne si ar zh ja ko th id ms vi".split(" "),
  ..."fr de es it pt nl ru pl tr sv da nb fi el he fa".split(" "),
];

/** The languages sorted by their names in the language shown (English sorts as it always did). */
function languageTags(words: GuestWords): string[] {
  const sortLocale = words.locale.startsWith("en") ? "en" : words.locale;
  return [...LANGUAGE_TAGS].sort((a, b) =>
    words.languageName(a).localeCompare(words.languageName(b), sortLocale),
  );
}

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
  const { t } = useLingui();
  const words = useGuestWords();
  const labels = useGuestFieldLabels();
  const text = (field: Exclude<keyof GuestFieldValues, "marketingConsent">) => ({
    label: labels[field],
    value: values[field],
    error: errors[field],
    onValue: (value: string) => onChange(field, value),
  });
  const sorted = languageTags(words);
  const languages =
    values.language && !sorted.includes(values.language) ? [values.language, ...sorted] : sorted;
  const countries = words.countryChoices();
  return (
    <div className="guest-fields">
      <InputField {...text("name")} autoComplete="off" required maxLength={LIMITS.text} />
      <InputField {...text("email")} type="email" autoComplete="off" />
      <InputField {...text("phone")} type="tel" autoComplete="off" />
      <SelectField {...text("language")}>
        {edit ? null : <option value="">{t`The hotel's default`}</option>}
        {languages.map((tag) => (
          <option key={tag} value={tag}>
            {words.languageName(tag)}
          </option>
        ))}
      </SelectField>
      <SelectField {...text("country")}>
        <option value="">{t`Not recorded`}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
        {values.country && !countries.some((country) => country.code === values.country) ? (
          <option value={values.country}>{values.country}</option>
        ) : null}
      </SelectField>
      <DateField {...text("dateOfBirth")} />
      <SelectField {...text("documentType")}>
        <option value="">{t`None`}</option>
        {DOCUMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {capitalize(t(DOCUMENT_TYPE_WORDS[type]))}
          </option>
        ))}
      </SelectField>
      <InputField {...text("documentNumber")} autoComplete="off" />
      <InputField {...text("taxId")} autoComplete="off" />
      <InputField {...text("tags")} autoComplete="off" hint={t`Separate with commas, e.g. VIP, Corporate`} />
      <TextAreaField {...text("address")} className="wide" rows={2} maxLength={LIMITS.notes} />
      <TextAreaField {...text("notes")} className="wide" rows={3} maxLength={LIMITS.notes} />
      <div className="field wide check-field">
        <label>
          <input
            type="checkbox"
            checked={values.marketingConsent}
            onChange={(event) => onChange("marketingConsent", event.target.checked)}
          />{" "}
          {labels.marketingConsent}
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
