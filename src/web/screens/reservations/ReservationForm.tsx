/**
 * The create-reservation form (docs/product.md#reservations, docs/product.md#date-rules). Dates default to
 * tonight in the property's time zone; the check-in/check-out rule is checked here before anything is sent,
 * and again by the server's schema.
 */
import { type FormEvent, useState } from "react";
import { RESERVATION_DEFAULTS } from "../../../domain/constants.js";
import { stayProblem } from "../../../domain/date-ranges.js";
import { addDays, isIsoDate } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { errorMessage } from "../../api/client.js";
import { usePropertyToday } from "../../api/property.js";
import { useCreateReservation, useRooms, useRoomTypes } from "../../api/resources.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { asSentence, numberOrNull, showAlert } from "../../components/feedback.js";

const EMPTY_GUEST = { guestName: "", guestPhone: "", guestEmail: "" };

/**
 * The alert text for a failed create: the exact wording for a room conflict (docs/product.md#double-booking),
 * else the server's message.
 */
function createErrorText(error: unknown): string {
  if (error instanceof AppError && error.code === "room_unavailable") return MESSAGES.roomNotAvailable;
  return errorMessage(error);
}

/** What the Front Desk fills in from the nights a clerk picked on the chart. */
type ReservationPrefill = {
  roomId: string | null;
  roomTypeId: string | null;
  checkInDate: string;
  checkOutDate: string;
};

export function ReservationForm({
  prefill,
  onCreated,
}: {
  prefill?: ReservationPrefill;
  onCreated?: (reservation: Reservation) => void;
} = {}) {
  const today = usePropertyToday();
  const rooms = useRooms();
  const roomTypes = useRoomTypes();
  const create = useCreateReservation();
  const [guest, setGuest] = useState(EMPTY_GUEST);
  const [roomId, setRoomId] = useState(prefill?.roomId ?? "");
  const [roomTypeId, setRoomTypeId] = useState(prefill?.roomTypeId ?? "");
  // A chosen room decides the type (docs/product.md#reservations); without one the clerk picks the type to
  // sell.
  const chooseRoom = (id: string) => {
    setRoomId(id);
    const type = rooms.data?.find((room) => room.id === id)?.roomTypeId;
    if (type) setRoomTypeId(type);
  };
  const [checkInDate, setCheckInDate] = useState(prefill?.checkInDate ?? today);
  const [checkOutDate, setCheckOutDate] = useState(
    () => prefill?.checkOutDate ?? addDays(today, RESERVATION_DEFAULTS.nights),
  );
  const [adults, setAdults] = useState(String(RESERVATION_DEFAULTS.adults));
  const [children, setChildren] = useState(String(RESERVATION_DEFAULTS.children));
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    showAlert(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A date left blank (the only value a date input holds that is not a calendar date) is out of order.
    const problem =
      isIsoDate(checkInDate) && isIsoDate(checkOutDate)
        ? stayProblem(checkInDate, checkOutDate)
        : MESSAGES.checkOutAfterCheckIn;
    if (problem !== null) {
      fail(asSentence(problem));
      return;
    }
    setError(null);
    create.mutate(
      {
        ...guest,
        roomId: roomId || null,
        roomTypeId: roomTypeId || null,
        checkInDate,
        checkOutDate,
        adults: numberOrNull(adults) ?? undefined,
        children: numberOrNull(children) ?? undefined,
      },
      {
        onSuccess: (reservation) => {
          setGuest(EMPTY_GUEST);
          onCreated?.(reservation);
        },
        onError: (cause) => fail(createErrorText(cause)),
      },
    );
  };

  const guestInput = (field: keyof typeof EMPTY_GUEST) => ({
    value: guest[field],
    onChange: (event: { target: { value: string } }) =>
      setGuest((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <section className="panel" aria-labelledby="new-reservation-heading">
      <h2 id="new-reservation-heading">New reservation</h2>
      <form className="form-grid reservation-form" onSubmit={onSubmit}>
        <InputField label="Guest name" autoComplete="off" {...guestInput("guestName")} />
        <InputField label="Guest phone" type="tel" autoComplete="off" {...guestInput("guestPhone")} />
        <InputField label="Guest email" type="email" autoComplete="off" {...guestInput("guestEmail")} />
        <SelectField
          label="Room type"
          value={roomTypeId}
          disabled={roomId !== "" && Boolean(rooms.data?.find((room) => room.id === roomId)?.roomTypeId)}
          onValue={setRoomTypeId}
        >
          <option value="">None</option>
          {(roomTypes.data ?? []).map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Room" value={roomId} onValue={chooseRoom}>
          <option value="">Unassigned</option>
          {(rooms.data ?? []).map((room) => (
            <option key={room.id} value={room.id}>
              {room.number}
            </option>
          ))}
        </SelectField>
        <DateField label="Check-in date" value={checkInDate} onValue={setCheckInDate} />
        <DateField label="Check-out date" value={checkOutDate} onValue={setCheckOutDate} />
        <InputField label="Adults" type="number" min={1} step={1} value={adults} onValue={setAdults} />
        <InputField label="Children" type="number" min={0} step={1} value={children} onValue={setChildren} />
        <FormActions submit="Create Reservation" busy={create.isPending} />
      </form>
      <FormError message={error} />
    </section>
  );
}
