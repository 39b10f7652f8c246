/**
 * "Add rate plan" and a plan's Edit (docs/product.md#rate-plans-screen), in a dialog: a plan has more fields
 * than fit the row of an add form. A new plan is created (POST); an edit sends only what changed (PATCH) and
 * closes without a request when nothing did. Each refused field is marked beside it, the rest said under
 * the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import { useCreateRatePlan, useRoomTypes, useUpdateRatePlan } from "../../api/resources.js";
import { DialogActions } from "../../components/EditDialog.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { Modal } from "../../components/Modal.js";
import { RatePlanFields } from "./RatePlanFields.js";
import {
  BLANK_RATE_PLAN,
  RATE_PLAN_LABELS,
  type RatePlanValues,
  ratePlanChanges,
  ratePlanInput,
  ratePlanValues,
} from "./ratePlanForm.js";
import { useLabels } from "./words.js";

export function RatePlanDialog({
  plan,
  onSaved,
  onClose,
}: {
  /** The plan to edit; absent: a new one. */
  plan?: RatePlan;
  /** What was done, for the section to say under its table. */
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<RatePlanValues>(() => (plan ? ratePlanValues(plan) : BLANK_RATE_PLAN));
  const roomTypes = useRoomTypes().data ?? [];
  const create = useCreateRatePlan();
  const update = useUpdateRatePlan();
  const saving = plan ? update : create;
  const { t } = useLingui();
  const refused = splitFieldErrors(saving.error, useLabels(RATE_PLAN_LABELS));
  const editHeading = (name: string) => t`Edit rate plan ${name}`;
  /** Why the plan was not saved or added, naming it as typed. */
  const notSaved = (reason: string) => {
    const name = values.name.trim();
    if (plan) return name ? t`Could not save ${name}: ${reason}` : t`Could not save the rate plan: ${reason}`;
    return name ? t`Could not add ${name}: ${reason}` : t`Could not add the rate plan: ${reason}`;
  };

  return (
    <Modal
      heading={plan ? editHeading(plan.name) : t`Add rate plan`}
      className="stay-dialog dialog-medium"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const input = ratePlanInput(values);
          const done = (message: string) => {
            onSaved(message);
            close();
          };
          if (!plan) {
            create.mutate(input, {
              onSuccess: ({ name }) => done(t`Rate plan ${name} added.`),
            });
            return;
          }
          const changes = ratePlanChanges(ratePlanInput(ratePlanValues(plan)), input);
          if (Object.keys(changes).length === 0) return close();
          update.mutate(
            { id: plan.id, input: changes },
            { onSuccess: ({ name }) => done(t`Rate plan ${name} saved.`) },
          );
        };
        return (
          <form className="edit-form rate-plan-form" onSubmit={submit}>
            <RatePlanFields
              values={values}
              onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
              errors={refused.fields}
              roomTypes={roomTypes}
              standard={plan?.standard ?? false}
            />
            {plan ? (
              <p className="muted">
                <Trans>Stays already sold keep their price; a change applies to new bookings.</Trans>
              </p>
            ) : null}
            <FormError message={refused.message ? notSaved(refused.message) : null} />
            <DialogActions
              submit={plan ? t`Save rate plan` : t`Add rate plan`}
              busy={saving.isPending}
              onCancel={close}
            />
          </form>
        );
      }}
    </Modal>
  );
}
