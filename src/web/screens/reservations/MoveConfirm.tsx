/**
 * Confirms a move before it is saved (docs/product.md#front-desk-tape-chart): old → new room and dates, and
 * the new total from the server's quote. Saving goes through the edit API, which checks everything again; a
 * refusal is shown with the server's message and nothing changes (the chart never moved the bar). Focus
 * starts on "Keep where it is", not on the move.
 */
import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { ReservationStatus } from "../../../domain/constants.js";
import type { ReservationUpdateInput } from "../../../domain/schemas/reservations.js";
import { errorMessage } from "../../api/client.js";
import { useUpdateReservation } from "../../api/resources.js";
import { useQuote } from "../../api/stays.js";
import { FormError } from "../../components/FormError.js";
import { useMoney } from "../../components/useMoney.js";
import { nightsLabel } from "./stayLabels.js";

type MoveFrom = {
  id: string;
  code: string;
  status: ReservationStatus;
  roomId: string | null;
  roomTypeId: string | null;
  checkInDate: string;
  checkOutDate: string;
  adults?: number;
  children?: number;
};
export type MoveTo = {
  roomId: string | null;
  roomTypeId: string | null;
  checkInDate: string;
  checkOutDate: string;
};

/** Only what the move changes: a checked-in stay keeps its check-in date, and the API takes a partial edit. */
function moveChanges(from: MoveFrom, to: MoveTo): ReservationUpdateInput {
  const changes: ReservationUpdateInput = {};
  if (to.roomId !== from.roomId) changes.roomId = to.roomId;
  // Without a room, the lane's type is the one sold (a room, when given, decides the type itself).
  if (to.roomId === null && to.roomTypeId !== from.roomTypeId) changes.roomTypeId = to.roomTypeId;
  if (to.checkInDate !== from.checkInDate) changes.checkInDate = to.checkInDate;
  if (to.checkOutDate !== from.checkOutDate) changes.checkOutDate = to.checkOutDate;
  return changes;
}

export function MoveConfirm({
  from,
  fromLabel,
  to,
  toLabel,
  onDone,
  onCancel,
}: {
  from: MoveFrom;
  fromLabel: string;
  to: MoveTo;
  toLabel: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const money = useMoney();
  const update = useUpdateReservation();
  const [error, setError] = useState<string | null>(null);
  // Focus starts on the safe answer: a stray Enter after a drop keeps the stay where it is. After the
  // effects of this commit, so a dialog opening around it (showModal focuses its first button) does not win.
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    queueMicrotask(() => keep.current?.focus());
  }, []);
  const quote = useQuote({
    checkInDate: to.checkInDate,
    checkOutDate: to.checkOutDate,
    ...(to.roomId ? { roomId: to.roomId } : to.roomTypeId ? { roomTypeId: to.roomTypeId } : {}),
    ...(from.adults !== undefined ? { adults: from.adults, children: from.children ?? 0 } : {}),
  });
  const nights = quote.data?.nights;
  const { checkInDate: fromIn, checkOutDate: fromOut } = from;
  const { checkInDate: toIn, checkOutDate: toOut } = to;
  const refusal = quote.error ? errorMessage(quote.error) : null;

  const confirm = () => {
    setError(null);
    update.mutate(
      { id: from.id, input: moveChanges(from, to) },
      { onSuccess: onDone, onError: (cause) => setError(errorMessage(cause)) },
    );
  };

  return (
    <div className="move-confirm">
      <dl className="move-summary">
        <dt>
          <Trans>Room</Trans>
        </dt>
        <dd>
          {fromLabel} → <strong>{toLabel}</strong>
        </dd>
        <dt>
          <Trans>Dates</Trans>
        </dt>
        <dd>
          <Trans>
            {fromIn} → {fromOut} becomes{" "}
            <strong>
              {toIn} → {toOut}
            </strong>
          </Trans>
          {nights ? ` (${nightsLabel(nights)})` : ""}
        </dd>
        <dt>
          <Trans>New total</Trans>
        </dt>
        <dd data-testid="move-total">
          {quote.isPending ? "…" : quote.data ? <strong>{money(quote.data.total)}</strong> : "—"}
        </dd>
      </dl>
      <FormError message={error ?? refusal} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel} ref={keep}>
          <Trans>Keep where it is</Trans>
        </button>
        <button
          type="button"
          className="button primary"
          onClick={confirm}
          disabled={update.isPending || refusal !== null}
        >
          <Trans>Confirm move</Trans>
        </button>
      </div>
    </div>
  );
}
