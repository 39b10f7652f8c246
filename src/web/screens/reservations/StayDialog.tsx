/**
 * One stay in a dialog: edit what its status allows (DESIGN §9.2), see its total, payments and balance,
 * record or void a payment. Every rule is the server's; the form only offers the fields the shared
 * `editableFields` rule allows and shows the server's message when a change is refused.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../domain/constants.js";
import type { Reservation } from "../../../domain/schemas.js";
import type { ReservationUpdateInput } from "../../../domain/stay-schemas.js";
import { editableFields } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useRooms, useUpdateReservation } from "../../api/resources.js";
import { useRecordPayment, useReservationDetail, useVoidPayment } from "../../api/stays.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { confirmAction, numberOrNull } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";
import { guestsLabel, nightsLabel } from "./ReservationsTable.js";

const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card",
  bank_transfer: "Bank transfer",
  other: "Other",
};

type Draft = {
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  adults: string;
  children: string;
  checkInDate: string;
  checkOutDate: string;
  roomId: string;
};

const draftOf = (stay: Reservation): Draft => ({
  guestName: stay.guestName,
  guestPhone: stay.guestPhone,
  guestEmail: stay.guestEmail,
  adults: String(stay.adults),
  children: String(stay.children),
  checkInDate: stay.checkInDate,
  checkOutDate: stay.checkOutDate,
  roomId: stay.roomId ?? "",
});

/** Only the fields that changed, as the partial PATCH the API takes. */
function changesOf(stay: Reservation, draft: Draft): ReservationUpdateInput {
  const next: ReservationUpdateInput = {
    guestName: draft.guestName,
    guestPhone: draft.guestPhone,
    guestEmail: draft.guestEmail,
    adults: numberOrNull(draft.adults) ?? stay.adults,
    children: numberOrNull(draft.children) ?? stay.children,
    checkInDate: draft.checkInDate,
    checkOutDate: draft.checkOutDate,
    roomId: draft.roomId || null,
  };
  return Object.fromEntries(
    Object.entries(next).filter(([field, value]) => stay[field as keyof Reservation] !== value),
  ) as ReservationUpdateInput;
}

export function StayDialog({ stay, onClose }: { stay: Reservation; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useReservationDetail(stay.id);
  const current = detail.data ?? stay;
  const rooms = useRooms();
  const update = useUpdateReservation();
  const money = useMoney();
  const [draft, setDraft] = useState(() => draftOf(stay));
  const [error, setError] = useState<string | null>(null);
  const allowed = editableFields(current.status);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const field = (name: keyof Draft) => ({
    value: draft[name],
    disabled: !allowed.includes(name),
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: event.target.value })),
  });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = changesOf(current, draft);
    if (Object.keys(input).length === 0) return;
    setError(null);
    update.mutate(
      { id: stay.id, input },
      {
        onSuccess: (saved) => setDraft(draftOf(saved)),
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  return (
    <dialog ref={dialog} className="stay-dialog" aria-labelledby="stay-dialog-heading" onClose={onClose}>
      <header className="dialog-header">
        <h2 id="stay-dialog-heading">
          Stay <code>{current.code}</code> <span className={`badge ${current.status}`}>{current.status}</span>
        </h2>
        <button type="button" className="button small" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      <p className="stay-summary">
        {current.roomNumber ? `Room ${current.roomNumber}` : "Unassigned"} · {current.checkInDate} →{" "}
        {current.checkOutDate} ({nightsLabel(current.nights)}) · {guestsLabel(current)} · Total{" "}
        <strong data-testid="stay-total">{money(current.total)}</strong> · Balance{" "}
        <strong data-testid="stay-balance">{money(current.balance)}</strong>
      </p>
      <form className="form-grid" onSubmit={onSave} aria-label="Edit stay">
        <InputField label="Guest name" autoComplete="off" {...field("guestName")} />
        <InputField label="Guest phone" type="tel" autoComplete="off" {...field("guestPhone")} />
        <InputField label="Guest email" type="email" autoComplete="off" {...field("guestEmail")} />
        <SelectField label="Room" {...field("roomId")}>
          <option value="">Unassigned</option>
          {(rooms.data ?? []).map((room) => (
            <option key={room.id} value={room.id}>
              {room.number}
              {room.roomTypeName ? ` · ${room.roomTypeName}` : ""}
            </option>
          ))}
        </SelectField>
        <InputField label="Check-in date" type="date" {...field("checkInDate")} />
        <InputField label="Check-out date" type="date" {...field("checkOutDate")} />
        <InputField label="Adults" type="number" min={1} step={1} {...field("adults")} />
        <InputField label="Children" type="number" min={0} step={1} {...field("children")} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={update.isPending}>
            Save changes
          </button>
        </div>
      </form>
      <FormError message={error} />
      <Payments stay={current} payments={detail.data?.payments ?? []} />
    </dialog>
  );
}

function Payments({
  stay,
  payments,
}: {
  stay: Reservation;
  payments: NonNullable<ReturnType<typeof useReservationDetail>["data"]>["payments"];
}) {
  const record = useRecordPayment(stay.id);
  const voidPayment = useVoidPayment(stay.id);
  const money = useMoney();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onRecord = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    record.mutate(
      { amount: numberOrNull(amount) ?? 0, method, note },
      {
        onSuccess: () => {
          setAmount("");
          setNote("");
        },
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  return (
    <section aria-labelledby="payments-heading">
      <h3 id="payments-heading">Payments</h3>
      {payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Method</th>
              <th scope="col">Note</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} className={payment.voidedAt ? "voided" : undefined}>
                <td className="nowrap">{new Date(payment.createdAt).toLocaleString()}</td>
                <td>{METHOD_LABELS[payment.method]}</td>
                <td>
                  <bdi>{payment.note}</bdi>
                </td>
                <td className="num">
                  {payment.voidedAt ? <s>{money(payment.amount)}</s> : money(payment.amount)}
                </td>
                <td>
                  {payment.voidedAt ? (
                    <span className="muted">Void</span>
                  ) : (
                    <button
                      type="button"
                      className="button small danger"
                      disabled={voidPayment.isPending}
                      onClick={() => {
                        if (confirmAction("Void this payment?")) {
                          voidPayment.mutate(payment.id, {
                            onError: (cause) => setError(errorMessage(cause)),
                          });
                        }
                      }}
                    >
                      Void
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="form-grid" onSubmit={onRecord} aria-label="Record payment">
        <InputField
          label="Amount"
          type="number"
          min={0.01}
          step={0.01}
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <SelectField
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {METHOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Note"
          autoComplete="off"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={record.isPending}>
            Record payment
          </button>
        </div>
      </form>
      <FormError message={error} />
    </section>
  );
}
