/**
 * One stay's details (docs/product.md#front-desk-tape-chart), from the Reservations table or the Front Desk
 * chart: guest and contact, dates and nights, room and type, total, payments and balance; the actions its
 * status allows (Check-In, Check-Out, No-show, Cancel, Move), the edit form, its folio with payments and
 * invoices (StayFolio) and its history. The
 * guest's name links to their profile, which says when this is a returning guest's stay ("3rd stay").
 * Closing returns focus to what opened it (the dialog element restores it).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SelectOrdinal, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { capitalize, stayDisplayName } from "../../../domain/labels.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { editableFields } from "../../../domain/stays.js";
import { useCan } from "../../api/property.js";
import { useRatePlans, useRoomTypes } from "../../api/resources.js";
import { useReservationDetail } from "../../api/stays.js";
import { FormError } from "../../components/FormError.js";
import { Modal } from "../../components/Modal.js";
import { useMoney } from "../../components/useMoney.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { MoveStay } from "./MoveStay.js";
import { StayEditForm } from "./StayEditForm.js";
import { StayFolio } from "./StayFolio.js";
import { StayHistory } from "./StayHistory.js";
import { balanceLabel, guestsLabel, nightsLabel } from "./stayLabels.js";
import { useStayStatus } from "./useStayStatus.js";

/** Who booked a stay, said only when it was not the front desk. */
const SOURCE_WORDS: Readonly<Record<Exclude<Reservation["source"], "front_desk">, MessageDescriptor>> = {
  booking_engine: msg`Booked online`,
  api: msg`Booked through the API`,
};

export function StayDialog({
  stay,
  stayId,
  onClose,
}: {
  stay?: Reservation;
  stayId?: string;
  onClose: () => void;
}) {
  const id = stayId ?? stay?.id ?? "";
  const detail = useReservationDetail(id);
  const current = detail.data ?? stay;
  // The front desk reads a stay's history too (the server answers a clerk that one stay's entries).
  const canSeeHistory = useCan("stays");
  const { t } = useLingui();
  const code = current?.code;

  return (
    <Modal
      heading={
        current ? (
          <>
            <Trans>
              Stay <code>{code}</code>
            </Trans>{" "}
            <span className={`badge ${current.status}`}>
              {capitalize(t(RESERVATION_STATUS_WORDS[current.status]))}
            </span>
          </>
        ) : (
          <>
            <Trans>Stay</Trans>{" "}
          </>
        )
      }
      onClose={onClose}
    >
      {current ? (
        <>
          <StaySummary stay={current} stayNumber={detail.data?.guestStayNumber} />
          <StayActions stay={current} />
          <StayEditForm key={`${current.id}:${current.updatedAt}`} stay={current} />
          <StayFolio stay={current} payments={detail.data?.payments ?? []} />
          {canSeeHistory ? <StayHistory stayId={current.id} /> : null}
        </>
      ) : (
        <>
          <FormError message={detail.error?.message} />
          {detail.isPending ? (
            <p className="muted">
              <Trans>Loading...</Trans>
            </p>
          ) : null}
        </>
      )}
    </Modal>
  );
}

function StaySummary({ stay, stayNumber }: { stay: Reservation; stayNumber: number | undefined }) {
  const money = useMoney();
  const { t } = useLingui();
  const profile = `/hms/guests/${stay.guestId}`;
  // Opened from the guest's own profile, the name needs no link back to it.
  const onProfile = useLocation().pathname === profile;
  const roomTypes = useRoomTypes();
  const typeName = roomTypes.data?.find((type) => type.id === stay.roomTypeId)?.name;
  const planName = useRatePlans().data?.find((plan) => plan.id === stay.ratePlanId)?.name;
  const roomNumber = stay.roomNumber;
  const roomPrice = money(stay.total);
  const contact = [stay.guestPhone, stay.guestEmail].filter(Boolean).join(" · ");
  return (
    <dl className="stay-summary">
      <div>
        <dt>
          <Trans>Guest</Trans>
        </dt>
        <dd>
          {onProfile || !stay.guestId ? (
            <bdi>{stayDisplayName(stay)}</bdi>
          ) : (
            <Link to={profile} title={t`Open the guest's profile`}>
              <bdi>{stayDisplayName(stay)}</bdi>
            </Link>
          )}
          {stayNumber !== undefined && stayNumber >= 2 ? (
            <div className="muted">
              <SelectOrdinal
                value={stayNumber}
                one="Returning guest, #st stay"
                two="Returning guest, #nd stay"
                few="Returning guest, #rd stay"
                other="Returning guest, #th stay"
              />
            </div>
          ) : null}
          {contact ? (
            <div className="muted">
              <bdi>{contact}</bdi>
            </div>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Dates</Trans>
        </dt>
        <dd>
          {stay.checkInDate} → {stay.checkOutDate}
          <div className="muted">
            {nightsLabel(stay.nights)} · {guestsLabel(stay)}
          </div>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Room</Trans>
        </dt>
        <dd>
          {roomNumber ? t`Room ${roomNumber}` : t`Unassigned`}
          {typeName ? <div className="muted">{typeName}</div> : null}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Rate plan</Trans>
        </dt>
        <dd data-testid="stay-rate-plan">
          {planName ? <bdi>{planName}</bdi> : "…"}
          {stay.source === "front_desk" ? null : <div className="muted">{t(SOURCE_WORDS[stay.source])}</div>}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Total</Trans>
        </dt>
        {/* What the guest pays: the nights with their taxes, the city tax and what was posted. */}
        <dd data-testid="stay-total">
          {money(stay.folioTotal)}
          {stay.folioTotal !== stay.total ? (
            <div className="muted">
              <Trans>Room {roomPrice}</Trans>
            </div>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Balance</Trans>
        </dt>
        {/* More paid than the total reads as a credit to refund, not as a negative amount. */}
        <dd data-testid="stay-balance">
          {stay.balance < 0 ? balanceLabel(stay.balance, money) : money(stay.balance)}
        </dd>
      </div>
    </dl>
  );
}

function StayActions({ stay }: { stay: Reservation }) {
  const status = useStayStatus();
  const { t } = useLingui();
  const [moving, setMoving] = useState(false);
  // Moving is editing the room (and dates): offered where the edit rule allows a new room.
  const canMove = editableFields(stay.status).includes("roomId");
  return (
    <section aria-label={t`Actions`}>
      <div className="actions">
        {status.actionsFor(stay).map((action) => (
          <button
            key={action.to}
            type="button"
            className={action.to === "cancelled" ? "button danger" : "button"}
            disabled={status.busy(stay)}
            onClick={() => void status.setStatus(stay, action.to)}
          >
            {action.label}
          </button>
        ))}
        {canMove ? (
          <button type="button" className="button" aria-expanded={moving} onClick={() => setMoving(!moving)}>
            <Trans>Move</Trans>
          </button>
        ) : null}
      </div>
      <FormError message={status.error} />
      {moving && canMove ? <MoveStay stay={stay} onDone={() => setMoving(false)} /> : null}
    </section>
  );
}
