/**
 * Bulk edit (docs/product.md#pricing-and-rate-overrides): a date range, weekdays, room types and any of price
 * / min LOS / stop sell, sent as one request that the server applies in one transaction. Checked first with
 * the server's own schema, so a mistake shows the same message without a round trip. Blank fields leave what
 * is there unchanged.
 */
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { bulkRateRangeProblem } from "../../../domain/date-ranges.js";
import { addDays, isIsoDate, WEEKDAYS } from "../../../domain/dates.js";
import { type RateBulkInput, rateBulkInput } from "../../../domain/schemas/rate-overrides.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useBulkRateEdit } from "../../api/manager.js";
import { DialogActions } from "../../components/EditDialog.js";
import { DateField, MoneyField, SelectField, WholeNumberField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { Modal } from "../../components/Modal.js";
import { useDateWords } from "../../i18n/format.js";
import { bulkEditDates } from "./rateCalendar.js";

/** The "All room types" choice stands for roomTypeId null. */
const ALL = "";
const UNCHANGED = "";
/** A Sunday: the weekday `n` (0 Sunday … 6 Saturday) is named by the date `n` days later. */
const A_SUNDAY = "2023-01-01";

type Choices = { weekdays: Set<number>; types: Set<string> };

function toggle<T>(set: Set<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

export function BulkRateDialog({
  roomTypes,
  from: initialFrom,
  to: initialTo,
  onSaved,
  onClose,
}: {
  roomTypes: RoomType[];
  from: string;
  to: string;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const words = useDateWords();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [choices, setChoices] = useState<Choices>({ weekdays: new Set(WEEKDAYS), types: new Set() });
  const [price, setPrice] = useState("");
  const [basePrice, setBasePrice] = useState(false);
  const [minLOS, setMinLOS] = useState("");
  const [stopSell, setStopSell] = useState(UNCHANGED);
  const [invalid, setInvalid] = useState<string | null>(null);
  const bulk = useBulkRateEdit();
  const ids = { weekdays: useId(), types: useId() };

  const input: RateBulkInput = {
    from,
    to,
    weekdays: WEEKDAYS.filter((day) => choices.weekdays.has(day)),
    roomTypeIds: [ALL, ...roomTypes.map((type) => type.id)]
      .filter((id) => choices.types.has(id))
      .map((id) => (id === ALL ? null : id)),
    // A typed price is sent as typed (the schema refuses a bad one); only the checkbox clears prices.
    ...(basePrice ? { price: null } : price.trim() ? { price: Number(price) } : {}),
    ...(minLOS.trim() ? { minLOS: Number(minLOS) } : {}),
    ...(stopSell === UNCHANGED ? {} : { stopSell: stopSell === "yes" }),
  };
  // Only a range the server would take is counted: a year typed digit by digit passes through year 0002.
  const countable = isIsoDate(from) && isIsoDate(to) && bulkRateRangeProblem(from, to) === null;
  const nights = countable ? bulkEditDates(from, to, input.weekdays ?? []).length : 0;
  const types = input.roomTypeIds.length;
  const total = nights * types;

  return (
    <Modal
      heading={t`Bulk edit rates`}
      className="stay-dialog dialog-medium"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const checked = rateBulkInput.safeParse(input);
          if (!checked.success) {
            const issue = checked.error.issues[0];
            setInvalid(
              issue?.path.length ? `${issue.path.join(".")}: ${issue.message}` : (issue?.message ?? null),
            );
            return;
          }
          setInvalid(null);
          bulk.mutate(input, {
            onSuccess: ({ saved }) => {
              // The count as the number it is (1830, not "1,830"), as the English always wrote it.
              onSaved(
                t({
                  message: plural(saved, {
                    one: `Saved ${saved} override.`,
                    other: `Saved ${saved} overrides.`,
                  }),
                }),
              );
              close();
            },
          });
        };
        return (
          <form className="edit-form bulk-form" onSubmit={submit} noValidate>
            <div className="form-grid">
              <DateField
                label={t({ message: "From", context: "date range" })}
                required
                value={from}
                onValue={setFrom}
              />
              <DateField
                label={t({ message: "To", context: "date range" })}
                required
                value={to}
                onValue={setTo}
                hint={t`Included.`}
              />
            </div>
            <fieldset className="choice-group" aria-describedby={ids.weekdays}>
              <legend>
                <Trans>Weekdays</Trans>
              </legend>
              {WEEKDAYS.map((day) => (
                <label key={day} className="check">
                  <input
                    type="checkbox"
                    checked={choices.weekdays.has(day)}
                    onChange={(e) =>
                      setChoices((c) => ({ ...c, weekdays: toggle(c.weekdays, day, e.target.checked) }))
                    }
                  />
                  {words.weekday(addDays(A_SUNDAY, day))}
                </label>
              ))}
              <span id={ids.weekdays} className="muted choice-hint">
                <Trans>Nights of these weekdays get the change.</Trans>
              </span>
            </fieldset>
            <fieldset className="choice-group" aria-describedby={ids.types}>
              <legend>
                <Trans>Room types</Trans>
              </legend>
              {[{ id: ALL, name: t`All room types` }, ...roomTypes].map((type) => (
                <label key={type.id} className="check">
                  <input
                    type="checkbox"
                    checked={choices.types.has(type.id)}
                    onChange={(e) =>
                      setChoices((c) => ({ ...c, types: toggle(c.types, type.id, e.target.checked) }))
                    }
                  />
                  {type.name || t`(unnamed)`}
                </label>
              ))}
              <span id={ids.types} className="muted choice-hint">
                <Trans>"All room types" is the All row; a type's own override still wins over it.</Trans>
              </span>
            </fieldset>
            <div className="form-grid">
              <MoneyField
                label={t`Price`}
                value={basePrice ? "" : price}
                disabled={basePrice}
                onValue={setPrice}
                hint={t`Blank leaves prices as they are.`}
              />
              <WholeNumberField
                label={t`Min LOS`}
                min={1}
                value={minLOS}
                onValue={setMinLOS}
                hint={t`Blank leaves it as it is.`}
              />
              <SelectField label={t`Stop sell`} value={stopSell} onValue={setStopSell}>
                <option value={UNCHANGED}>{t`Unchanged`}</option>
                <option value="yes">{t`Yes`}</option>
                <option value="no">{t`No`}</option>
              </SelectField>
            </div>
            <label className="check">
              <input type="checkbox" checked={basePrice} onChange={(e) => setBasePrice(e.target.checked)} />
              <Trans>Remove the price (nights go back to the base rate)</Trans>
            </label>
            <p className="muted">
              <Trans>
                <Plural value={nights} one="# night" other="# nights" /> ×{" "}
                <Plural value={types} one="# row" other="# rows" /> ={" "}
                <Plural value={total} one={`${total} override`} other={`${total} overrides`} />
              </Trans>
            </p>
            <FormError message={invalid ?? bulk.error?.message} />
            <DialogActions submit={t`Apply`} busy={bulk.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}
