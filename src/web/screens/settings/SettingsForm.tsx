import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Property, PropertyUpdateInput } from "../../../domain/schemas/properties.js";
import { useUpdateProperty } from "../../api/property.js";
import { InputField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { showAlert } from "../../components/feedback.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { type Choice, currencyChoices, currencyName, localTime, timeZoneChoices } from "./choices.js";

/** The form's three fields, always filled (from the draft or the property). */
type Values = Required<Pick<PropertyUpdateInput, "name" | "currency" | "timeZone">>;
type Draft = Partial<Values>;

/**
 * Property settings. Only fields the user has edited are kept as a draft; the others show the property as
 * it is now, so a change saved elsewhere (live update) shows up in every field the user has not touched.
 */
export function SettingsForm({ property }: { property: Property }) {
  const [draft, setDraft] = useState<Draft>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProperty();
  const currencyListId = useId();
  const timeZoneListId = useId();
  const { t, i18n } = useLingui();
  const labels = { name: t`Property name`, currency: t`Currency`, timeZone: t`Time zone` };
  const problems = splitFieldErrors(update.error, labels);
  const values: Values = {
    name: draft.name ?? property.name,
    currency: draft.currency ?? property.currency,
    timeZone: draft.timeZone ?? property.timeZone,
  };
  const edit = (field: keyof Values) => (event: { target: { value: string } }) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  };

  /** A code typed or picked from its suggestions (a datalist below the form). */
  const codeField = (field: "currency" | "timeZone", listId: string) => ({
    value: values[field],
    onChange: edit(field),
    list: listId,
    autoComplete: "off",
    spellCheck: false,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    update.mutate(values, {
      onSuccess: () => {
        setDraft({});
        setSaved(true);
        // The product asks for the native alert (docs/product.md#properties-and-settings); the status line
        // keeps the word on the page.
        showAlert(t`Saved`);
      },
    });
  }

  return (
    <form className="entry-form settings-form" onSubmit={submit} aria-label={t`Property settings`}>
      <div className="form-grid">
        <InputField
          label={labels.name}
          value={values.name}
          onChange={edit("name")}
          autoComplete="off"
          error={problems.fields.name}
        />
        <InputField
          label={labels.currency}
          {...codeField("currency", currencyListId)}
          error={problems.fields.currency}
          hint={currencyName(values.currency, i18n.locale) ?? t`ISO 4217 code, e.g. INR`}
        />
        <InputField
          label={labels.timeZone}
          {...codeField("timeZone", timeZoneListId)}
          error={problems.fields.timeZone}
          hint={localTime(values.timeZone, i18n.locale) ?? t`IANA zone, e.g. Asia/Kolkata`}
        />
        <FormActions submit={t`Save`} busy={update.isPending} />
      </div>
      <ChoiceList id={currencyListId} choices={currencyChoices(i18n.locale)} />
      <ChoiceList id={timeZoneListId} choices={timeZoneChoices()} />
      <FormError message={problems.message} />
      <FormSuccess message={saved ? t`Saved` : null} />
    </form>
  );
}

function ChoiceList({ id, choices }: { id: string; choices: Choice[] }) {
  return (
    <datalist id={id}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </datalist>
  );
}
