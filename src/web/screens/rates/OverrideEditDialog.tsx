/**
 * Edits one night of one room type (or "All"): its price, minimum stay and stop sell. A night that has its
 * own override is changed with PATCH (only what changed) and can be removed; any other night gets a new
 * override (POST, which upserts by date and type). Opened from a calendar cell and from the override table.
 */
import { type FormEvent, useState } from "react";
import { weekdayLabel } from "../../../domain/dates.js";
import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import { useCreateRateOverride, useDeleteRateOverride, useUpdateRateOverride } from "../../api/resources.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { changedFields } from "../../components/changedFields.js";
import { DialogActions } from "../../components/EditDialog.js";
import { MoneyField, WholeNumberField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { Modal } from "../../components/Modal.js";
import { useMoney } from "../../components/useMoney.js";
import type { CalendarRoomType } from "./rateCalendar.js";

export type NightToEdit = { date: string; roomType: CalendarRoomType; override: RateOverride | undefined };

export function OverrideEditDialog({
  night: { date, roomType, override },
  onSaved,
  onClose,
}: {
  night: NightToEdit;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const money = useMoney();
  const [price, setPrice] = useState(override?.price == null ? "" : String(override.price));
  const [minLOS, setMinLOS] = useState(String(override?.minLOS ?? 1));
  const [stopSell, setStopSell] = useState(override?.stopSell ?? false);
  const create = useCreateRateOverride();
  const update = useUpdateRateOverride();
  const remove = useDeleteRateOverride();
  const pending = create.isPending || update.isPending || remove.isPending;
  const error = create.error ?? update.error ?? remove.error;
  const what = `${roomType.name} on ${date}`;
  const blankMeans =
    roomType.baseRate === null
      ? "Blank sets no price: each type keeps its own."
      : `Blank sets no price of its own: the All price, else the base rate (${money(roomType.baseRate)}).`;

  return (
    <Modal
      heading={`${roomType.name} · ${weekdayLabel(date)} ${date}`}
      className="stay-dialog dialog-narrow"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const done = (message: string) => {
          onSaved(message);
          close();
        };
        const edited = { price: numberOrNull(price), minLOS: Number(minLOS), stopSell };
        const submit = (event: FormEvent) => {
          event.preventDefault();
          if (!override) {
            create.mutate(
              { date, roomTypeId: roomType.id, ...edited },
              { onSuccess: () => done(`Override for ${what} saved.`) },
            );
            return;
          }
          const input = changedFields(
            { price: override.price, minLOS: override.minLOS, stopSell: override.stopSell },
            edited,
          );
          if (Object.keys(input).length === 0) return close();
          update.mutate({ id: override.id, input }, { onSuccess: () => done(`Override for ${what} saved.`) });
        };
        const removeOverride = async () => {
          if (!override) return;
          const deleting = await confirmDialog({
            title: `Delete the override for ${what}?`,
            body: "The night goes back to the All price, else the base rate, with no restriction.",
            confirmLabel: "Delete override",
            cancelLabel: "Keep override",
            danger: true,
          });
          if (!deleting) return;
          remove.mutate(override.id, { onSuccess: () => done(`Override for ${what} deleted.`) });
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            <MoneyField label="Price" value={price} onValue={setPrice} hint={blankMeans} />
            <WholeNumberField
              label="Min LOS"
              required
              min={1}
              value={minLOS}
              onValue={setMinLOS}
              hint="Shortest stay for arrivals that night."
            />
            <label className="check">
              <input
                type="checkbox"
                checked={stopSell}
                onChange={(event) => setStopSell(event.target.checked)}
              />
              Stop sell
            </label>
            <FormError message={error?.message} />
            <DialogActions submit="Save" busy={pending} onCancel={close}>
              {override ? (
                <button type="button" className="button danger" disabled={pending} onClick={removeOverride}>
                  Delete override
                </button>
              ) : null}
            </DialogActions>
          </form>
        );
      }}
    </Modal>
  );
}
