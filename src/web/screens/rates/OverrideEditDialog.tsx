/**
 * Edits one night of one room type (or "All"): its price, minimum stay and stop sell. A night that has its
 * own override is changed with PATCH (only what changed) and can be removed; any other night gets a new
 * override (POST, which upserts by date and type). Opened from a calendar cell and from the override table.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
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
import { useDateWords } from "../../i18n/format.js";
import type { CalendarRoomType } from "./rateCalendar.js";
import { useTypeName } from "./typeName.js";

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
  const { t } = useLingui();
  const words = useDateWords();
  const money = useMoney();
  const [price, setPrice] = useState(override?.price == null ? "" : String(override.price));
  const [minLOS, setMinLOS] = useState(String(override?.minLOS ?? 1));
  const [stopSell, setStopSell] = useState(override?.stopSell ?? false);
  const create = useCreateRateOverride();
  const update = useUpdateRateOverride();
  const remove = useDeleteRateOverride();
  const pending = create.isPending || update.isPending || remove.isPending;
  const error = create.error ?? update.error ?? remove.error;
  const typeName = useTypeName();
  const type = typeName(roomType);
  const night = date;
  const base = roomType.baseRate === null ? null : money(roomType.baseRate);
  const blankMeans =
    base === null
      ? t`Blank sets no price: each type keeps its own.`
      : t`Blank sets no price of its own: the All price, else the base rate (${base}).`;
  const saved = t`Override for ${type} on ${night} saved.`;

  return (
    <Modal
      heading={`${type} · ${words.weekday(date)} ${date}`}
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
            create.mutate({ date, roomTypeId: roomType.id, ...edited }, { onSuccess: () => done(saved) });
            return;
          }
          const input = changedFields(
            { price: override.price, minLOS: override.minLOS, stopSell: override.stopSell },
            edited,
          );
          if (Object.keys(input).length === 0) return close();
          update.mutate({ id: override.id, input }, { onSuccess: () => done(saved) });
        };
        const removeOverride = async () => {
          if (!override) return;
          const deleting = await confirmDialog({
            title: t`Delete the override for ${type} on ${night}?`,
            body: t`The night goes back to the All price, else the base rate, with no restriction.`,
            confirmLabel: t`Delete override`,
            cancelLabel: t`Keep override`,
            danger: true,
          });
          if (!deleting) return;
          remove.mutate(override.id, { onSuccess: () => done(t`Override for ${type} on ${night} deleted.`) });
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            <MoneyField label={t`Price`} value={price} onValue={setPrice} hint={blankMeans} />
            <WholeNumberField
              label={t`Min LOS`}
              required
              min={1}
              value={minLOS}
              onValue={setMinLOS}
              hint={t`Shortest stay for arrivals that night.`}
            />
            <label className="check">
              <input
                type="checkbox"
                checked={stopSell}
                onChange={(event) => setStopSell(event.target.checked)}
              />
              <Trans>Stop sell</Trans>
            </label>
            <FormError message={error?.message} />
            <DialogActions submit={t`Save`} busy={pending} onCancel={close}>
              {override ? (
                <button type="button" className="button danger" disabled={pending} onClick={removeOverride}>
                  <Trans>Delete override</Trans>
                </button>
              ) : null}
            </DialogActions>
          </form>
        );
      }}
    </Modal>
  );
}
