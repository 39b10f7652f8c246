/**
 * "New guest" and "Edit" (docs/product.md#guests): the profile's fields in a dialog. A new profile is
 * created (POST) and opened; an edit sends only the fields that changed (PATCH) and closes without a request
 * when none did. Each refused field is marked beside it; the form-level message names them by label.
 */

import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { AppError } from "../../../domain/errors.js";
import type { Guest } from "../../../domain/schemas/guests.js";
import { useCreateGuest, useUpdateGuest } from "../../api/guests.js";
import { DialogActions } from "../../components/EditDialog.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { Modal } from "../../components/Modal.js";
import { notify } from "../../components/notices.js";
import { useGuestWords } from "../../i18n/guestWords.js";
import { GuestFields } from "./GuestFields.js";
import {
  byFormField,
  changedProfile,
  EMPTY_GUEST_FIELDS,
  type GuestFieldValues,
  guestFieldValues,
  profileInput,
  useGuestFieldLabels,
} from "./profileInput.js";

/** A 400: the form shows it beside the fields. */
function isFieldRefusal(error: unknown): boolean {
  return error instanceof AppError && error.code === "validation";
}

export function GuestFormDialog({ guest, onClose }: { guest?: Guest; onClose: () => void }) {
  const [values, setValues] = useState<GuestFieldValues>(() =>
    guest ? guestFieldValues(guest) : EMPTY_GUEST_FIELDS,
  );
  const create = useCreateGuest();
  const update = useUpdateGuest();
  const navigate = useNavigate();
  const { t } = useLingui();
  const words = useGuestWords();
  const labels = useGuestFieldLabels();
  const guestName = guest ? words.name(guest) : "";
  const saving = guest ? update : create;
  // Field problems are shown in the form; a refusal of the whole change (409) is a notice naming the guest.
  const refused = isFieldRefusal(saving.error)
    ? splitFieldErrors(byFormField(saving.error), labels)
    : { fields: {}, message: null };
  const refusedWhole = (cause: Error) => {
    if (isFieldRefusal(cause)) return;
    const name = guest ? guestName : values.name.trim();
    const message = cause.message;
    notify(name ? t`Could not save ${name}: ${message}` : t`Could not save the guest: ${message}`, "error");
  };

  return (
    <Modal
      heading={guest ? t`Edit ${guestName}` : t`New guest`}
      className="stay-dialog guest-dialog"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const edited = profileInput(values);
          if (!guest) {
            create.mutate(edited, {
              onSuccess: (created) => {
                const name = words.name(created);
                notify(t`Guest ${name} added.`);
                close();
                navigate(`/hms/guests/${created.id}`);
              },
              onError: refusedWhole,
            });
            return;
          }
          const input = changedProfile(profileInput(guestFieldValues(guest)), edited);
          if (Object.keys(input).length === 0) return close();
          update.mutate(
            { id: guest.id, input },
            {
              onSuccess: (saved) => {
                const name = words.name(saved);
                notify(t`Guest ${name} saved.`);
                close();
              },
              onError: refusedWhole,
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit} noValidate>
            <GuestFields
              values={values}
              errors={refused.fields}
              edit={guest !== undefined}
              onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
            />
            <FormError message={refused.message} />
            <DialogActions
              submit={guest ? t`Save Guest` : t`Add Guest`}
              busy={saving.isPending}
              onCancel={close}
            />
          </form>
        );
      }}
    </Modal>
  );
}
