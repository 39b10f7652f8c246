/**
 * A stay's payments and refunds: the list (voided ones struck through, refunds as money going back, times in
 * the hotel's zone), taking a payment or giving a refund ("Take payment" / "Refund" pick which the one form
 * records), voiding one after an in-page question. A payment larger than what the guest owes is not taken
 * silently: the clerk is asked first and told the credit it leaves (docs/product.md#payments-and-balance); a
 * refund larger than the guest's credit is asked the same way, with what the guest will then owe.
 */
import { type FormEvent, useMemo, useState } from "react";
import { PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "../../../domain/constants.js";
import { capitalize, PAYMENT_METHOD_LABELS, stayDisplayName } from "../../../domain/labels.js";
import { fromMinor, toMinor } from "../../../domain/money.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { errorMessage } from "../../api/client.js";
import { useProperty } from "../../api/property.js";
import { useRecordPayment, useVoidPayment } from "../../api/stays.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";

const methodLabel = (method: PaymentMethod) => capitalize(PAYMENT_METHOD_LABELS[method]);

/** When a payment was taken, on the hotel's clock (a clerk abroad reads the desk's time). */
function useHotelTime(): (iso: string) => string {
  const { timeZone } = useProperty();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}

export function StayPayments({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const record = useRecordPayment(stay.id);
  const voidPayment = useVoidPayment(stay.id);
  const money = useMoney();
  const at = useHotelTime();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [note, setNote] = useState("");
  const [kind, setKind] = useState<PaymentKind>("payment");
  const [error, setError] = useState<string | null>(null);
  const refund = kind === "refund";
  const name = stayDisplayName(stay);

  /** More than the balance leaves a credit to refund: asked first, with the credit named. */
  const overpaymentAccepted = (paid: number): Promise<boolean> | true => {
    if (paid <= stay.balance) return true;
    const credit = fromMinor(toMinor(paid) - toMinor(stay.balance));
    return confirmDialog({
      title:
        stay.balance > 0
          ? `${money(paid)} is more than the ${money(stay.balance)} ${name} owes. Record it anyway?`
          : `${name} owes nothing. Record ${money(paid)} anyway?`,
      body: `The stay will show a credit of ${money(credit)} to refund.`,
      confirmLabel: "Record payment",
      cancelLabel: "Change amount",
    });
  };

  /** A refund beyond the guest's credit (a negative balance) leaves them owing: asked first, with the sum. */
  const overRefundAccepted = (back: number): Promise<boolean> | true => {
    const credit = -stay.balance;
    if (back <= credit) return true;
    const owed = fromMinor(toMinor(back) - toMinor(credit));
    return confirmDialog({
      title:
        credit > 0
          ? `${money(back)} is more than the ${money(credit)} credit of ${name}. Refund it anyway?`
          : `${name} has no credit to refund. Refund ${money(back)} anyway?`,
      body: `The stay will show ${money(owed)} owed.`,
      confirmLabel: "Record refund",
      cancelLabel: "Change amount",
    });
  };

  const onRecord = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const value = numberOrNull(amount) ?? 0;
    if (!(await (refund ? overRefundAccepted(value) : overpaymentAccepted(value)))) return;
    record.mutate(
      { amount: value, method, note, kind },
      {
        onSuccess: () => {
          setAmount("");
          setNote("");
        },
        onError: (cause) =>
          setError(
            `Could not record the ${refund ? "refund" : "payment"} of ${name}: ${errorMessage(cause)}`,
          ),
      },
    );
  };

  const onVoid = async (payment: Payment) => {
    const isRefund = payment.kind === "refund";
    const accepted = await confirmDialog({
      title: isRefund ? "Void this refund?" : "Void this payment?",
      body: `${money(payment.amount)} by ${PAYMENT_METHOD_LABELS[payment.method]} stays listed, struck through, and the balance goes ${isRefund ? "down" : "up"} by it.`,
      confirmLabel: isRefund ? "Void refund" : "Void payment",
      danger: true,
    });
    if (!accepted) return;
    voidPayment.mutate(payment.id, {
      onError: (cause) => setError(`Could not void the ${payment.kind} of ${name}: ${errorMessage(cause)}`),
    });
  };

  return (
    <section aria-labelledby="payments-heading">
      <h3 id="payments-heading">Payments</h3>
      {payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <DataTable
          className="data phone-cards"
          columns={[
            "When",
            "Method",
            "Note",
            numeric("Amount"),
            { label: <span className="visually-hidden">Actions</span> },
          ]}
        >
          {payments.map((payment) => (
            <tr key={payment.id} className={payment.voidedAt ? "voided" : undefined}>
              <td data-label="When" className="nowrap">
                {at(payment.createdAt)}
              </td>
              <td data-label="Method">
                {methodLabel(payment.method)}
                {payment.kind === "refund" ? <span className="badge refund">Refund</span> : null}
              </td>
              <td data-label="Note">
                <bdi>{payment.note}</bdi>
              </td>
              <td data-label="Amount" className="num nowrap">
                {amountCell(payment, money)}
              </td>
              <td data-label="Actions">
                {payment.voidedAt ? (
                  <span className="muted">Void</span>
                ) : (
                  <button
                    type="button"
                    className="button small danger"
                    disabled={voidPayment.isPending}
                    onClick={() => void onVoid(payment)}
                  >
                    Void
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="actions payment-kind">
        <button type="button" className="button" aria-pressed={!refund} onClick={() => setKind("payment")}>
          Take payment
        </button>
        <button type="button" className="button" aria-pressed={refund} onClick={() => setKind("refund")}>
          Refund
        </button>
      </div>
      <form
        className="form-grid"
        onSubmit={(event) => void onRecord(event)}
        aria-label={refund ? "Record refund" : "Record payment"}
      >
        <InputField
          label="Amount"
          type="number"
          min={0.01}
          step={0.01}
          required
          value={amount}
          onValue={setAmount}
        />
        <SelectField
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {methodLabel(value)}
            </option>
          ))}
        </SelectField>
        <InputField label="Note" autoComplete="off" value={note} onValue={setNote} />
        <FormActions submit={refund ? "Record refund" : "Record payment"} busy={record.isPending} plain />
      </form>
      <FormError message={error} />
    </section>
  );
}

/** What a payment brought in, or a refund gave back (shown negative); a void one struck through. */
function amountCell(payment: Payment, money: (amount: number) => string) {
  const text = money(payment.kind === "refund" ? -payment.amount : payment.amount);
  return payment.voidedAt ? <s>{text}</s> : text;
}
