/**
 * The Search box over a list (Invoices; Reservations' and Guests' boxes are alike): no longer than the server
 * searches (LIMITS.search), and neither autofilled nor spell-checked, since what is typed is names, codes and
 * numbers. The placeholder says what it finds.
 */
import { useLingui } from "@lingui/react/macro";
import { LIMITS } from "../../domain/constants.js";
import { InputField } from "./Field.js";

export function SearchField({
  value,
  onValue,
  placeholder,
}: {
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useLingui();
  return (
    <InputField
      label={t`Search`}
      type="search"
      value={value}
      maxLength={LIMITS.search}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      onValue={onValue}
    />
  );
}
