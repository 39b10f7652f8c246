/**
 * A stay's payments and refunds: the list (voided ones struck through, refunds as money going back, times in
 * the hotel's zone), taking a payment or giving a refund ("Take payment" / "Refund" pick which the one form
 * records), voiding one after an in-page question. A payment larger than what the guest owes is not taken
 * silently: the clerk is asked first and told the credit it leaves (docs/product.md#payments-and-balance); a
 * refund larger than the guest's credit is asked the same way, with what the guest will then owe.
 */
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "../../../domain/constants.js";
import { capitalize, stayDisplayName } from "../../../domain/labels.js";
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
import { useDateWords } from "../../i18n/format.js";
import { PAYMENT_METHOD_WORDS } from "../../i18n/labels.js";

/** A payment method as a word in a sentence ("card"), in the language shown. */
const methodWord = (method: PaymentMethod) => t(PAYMENT_METHOD_WORDS[method]);
/** A payment method as a label ("Card"). */
const methodLabel = (method: PaymentMethod) => capitalize(methodWord(method));

/** When a payment was taken, on the hotel's clock (a clerk abroad reads the desk's time). */
function useHotelTime(): (iso: string) => string {
  const { timeZone } = useProperty();
  const words = useDateWords();
  return (iso: string) => words.moment(iso, timeZone);
}

export function StayPayments({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const record = useRecordPayment(stay.id);
  const voidPayment = useVoidPayment(stay.id);
  const money = useMoney();
  const { t } = useLingui();
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
    const credit = money(fromMinor(toMinor(paid) - toMinor(stay.balance)));
    const amount = money(paid);
    const owed = money(stay.balance);
    return confirmDialog({
      title:
        stay.balance > 0
          ? t`${amount} is more than the ${owed} ${name} owes. Record it anyway?`
          : t`${name} owes nothing. Record ${amount} anyway?`,
      body: t`The stay will show a credit of ${credit} to refund.`,
      confirmLabel: t`Record payment`,
      cancelLabel: t`Change amount`,
    });
  };

  /** A refund beyond the guest's credit (a negative balance) leaves them owing: asked first, with the sum. */
  const overRefundAccepted = (back: number): Promise<boolean> | true => {
    const credit = -stay.balance;
    if (back <= credit) return true;
    const owed = money(fromMinor(toMinor(back) - toMinor(credit)));
    const amount = money(back);
    const held = money(credit);
    return confirmDialog({
      title:
        credit > 0
          ? t`${amount} is more than the ${held} credit of ${name}. Refund it anyway?`
          : t`${name} has no credit to refund. Refund ${amount} anyway?`,
      body: t`The stay will show ${owed} owed.`,
      confirmLabel: t`Record refund`,
      cancelLabel: t`Change amount`,
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
        onError: (cause) => {
          const reason = errorMessage(cause);
          setError(
            refund
              ? t`Could not record the refund of ${name}: ${reason}`
              : t`Could not record the payment of ${name}: ${reason}`,
          );
        },
      },
    );
  };

  const onVoid = async (payment: Payment) => {
    const isRefund = payment.kind === "refund";
    const amount = money(payment.amount);
    const by = methodWord(payment.method);
    const accepted = await confirmDialog({
      title: isRefund ? t`Void this refund?` : t`Void this payment?`,
      body: isRefund
        ? t`${amount} by ${by} stays listed, struck through, and the balance goes down by it.`
        : t`${amount} by ${by} stays listed, struck through, and the balance goes up by it.`,
      confirmLabel: isRefund ? t`Void refund` : t`Void payment`,
      danger: true,
    });
    if (!accepted) return;
    voidPayment.mutate(payment.id, {
      onError: (cause) => {
        const reason = errorMessage(cause);
        setError(
          isRefund
            ? t`Could not void the refund of ${name}: ${reason}`
            : t`Could not void the payment of ${name}: ${reason}`,
        );
      },
    });
  };

  return (
    <section aria-labelledby="payments-heading">
      <h3 id="payments-heading">
        <Trans>Payments</Trans>
      </h3>
      {payments.length === 0 ? (
        <p className="muted">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <DataTable
          className="data phone-cards"
          columns={[
            t`When`,
            t`Method`,
            t`Note`,
            numeric(t`Amount`),
            {
              label: (
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              ),
            },
          ]}
        >
          {payments.map((payment) => (
            <tr key={payment.id} className={payment.voidedAt ? "voided" : undefined}>
              <td data-label={t`When`} className="nowrap">
                {at(payment.createdAt)}
              </td>
              <td data-label={t`Method`}>
                {methodLabel(payment.method)}
                {payment.kind === "refund" ? (
                  <span className="badge refund">
                    <Trans>Refund</Trans>
                  </span>
                ) : null}
              </td>
              <td data-label={t`Note`}>
                <bdi>{payment.note}</bdi>
              </td>
              <td data-label={t`Amount`} className="num nowrap">
                {amountCell(payment, money)}
              </td>
              <td data-label={t`Actions`}>
                {payment.voidedAt ? (
                  <span className="muted">
                    <Trans context="state: voided">Void</Trans>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button small danger"
                    disabled={voidPayment.isPending}
                    onClick={() => void onVoid(payment)}
                  >
                    <Trans>Void</Trans>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="actions payment-kind">
        <button type="button" className="button" aria-pressed={!refund} onClick={() => setKind("payment")}>
          <Trans>Take payment</Trans>
        </button>
        <button type="button" className="button" aria-pressed={refund} onClick={() => setKind("refund")}>
          <Trans>Refund</Trans>
        </button>
      </div>
      <form
        className="form-grid"
        onSubmit={(event) => void onRecord(event)}
        aria-label={refund ? t`Record refund` : t`Record payment`}
      >
        <InputField
          label={t`Amount`}
          type="number"
          min={0.01}
          step={0.01}
          required
          value={amount}
          onValue={setAmount}
        />
        <SelectField
          label={t`Method`}
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {methodLabel(value)}
            </option>
          ))}
        </SelectField>
        <InputField label={t`Note`} autoComplete="off" value={note} onValue={setNote} />
        <FormActions submit={refund ? t`Record refund` : t`Record payment`} busy={record.isPending} plain />
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
