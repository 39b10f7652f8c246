/**
 * The "Rate plan" select of the booking and edit forms: the plans offered (ratePlanChoices.ts) by name, and
 * under it the chosen plan's price rule and terms, so the clerk can tell the guest what they agree to.
 */
import { useLingui } from "@lingui/react/macro";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import { SelectField } from "../../components/Field.js";
import { useMoney } from "../../components/useMoney.js";
import { planTermsText, priceRuleText } from "../settings/ratePlanText.js";

export function RatePlanSelect({
  choices,
  chosen,
  onValue,
  disabled = false,
  error,
}: {
  choices: readonly RatePlan[];
  chosen: RatePlan | undefined;
  onValue: (id: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const money = useMoney();
  const { t } = useLingui();
  const offSale = (name: string) => t`${name} (off sale)`;
  /** The chosen plan's price rule, then its terms: "−10 %. Non-refundable, no deposit." */
  const planText = (plan: RatePlan) => {
    const rule = priceRuleText(plan, money);
    const terms = planTermsText(plan);
    return t({
      message: `${rule}. ${terms}.`,
      comment: "A rate plan's price rule ('−10 %', 'Base price'), then its cancellation and deposit terms",
    });
  };
  return (
    <SelectField
      label={t`Rate plan`}
      value={chosen?.id ?? ""}
      disabled={disabled || choices.length === 0}
      onValue={onValue}
      hint={chosen ? planText(chosen) : t`No plan on sale sells this room type.`}
      error={error}
    >
      {choices.length === 0 ? <option value="">{t`None`}</option> : null}
      {choices.map((plan) => (
        <option key={plan.id} value={plan.id}>
          {plan.active ? plan.name : offSale(plan.name)}
        </option>
      ))}
    </SelectField>
  );
}
