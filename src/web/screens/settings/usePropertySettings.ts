/**
 * A section of the property's settings (Invoices, Day close): only the fields the user has edited are kept as
 * a draft, so a change saved elsewhere shows in every other field; Save sends only what differs from the
 * property as it is, and nothing when nothing does.
 */
import { type FormEvent, useState } from "react";
import type { Property, PropertyUpdateInput } from "../../../domain/schemas/properties.js";
import { useUpdateProperty } from "../../api/property.js";
import { changedFields } from "../../components/changedFields.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { type Labels, useLabels } from "./words.js";

export function usePropertySettings<Values extends object>(
  property: Property,
  section: {
    labels: Labels<keyof Values & string>;
    /** The property's values as the form shows them. */
    saved: (property: Property) => Values;
    /** The form's values as the API takes them. */
    input: (values: Values) => PropertyUpdateInput;
  },
) {
  const [draft, setDraft] = useState<Partial<Values>>({});
  const [done, setDone] = useState(false);
  const update = useUpdateProperty();
  const problems = splitFieldErrors(update.error, useLabels(section.labels));
  const values: Values = { ...section.saved(property), ...draft };
  const edit =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) => {
      setDone(false);
      setDraft((current) => ({ ...current, [field]: value }));
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const changes = changedFields(section.input(section.saved(property)), section.input(values));
    const finish = () => {
      setDraft({});
      setDone(true);
    };
    if (Object.keys(changes).length === 0) return finish();
    update.mutate(changes, { onSuccess: finish });
  };
  return { values, edit, submit, done, update, problems };
}
