/**
 * A settings form's field labels, kept as descriptors at module level and read in the language of the
 * render (docs/decisions/047-languages.md), so a refusal names the fields as the form shows them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";

/** A form's fields by the API's names, with their labels. */
export type Labels<Field extends string> = Readonly<Record<Field, MessageDescriptor>>;

/** The labels in the language shown, for `splitFieldErrors` to name refused fields as the form does. */
export function useLabels<Field extends string>(labels: Labels<Field>): Readonly<Record<Field, string>> {
  const { _ } = useLingui();
  const words: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(labels) as Field[]) words[field] = _(labels[field]);
  return words as Record<Field, string>;
}
