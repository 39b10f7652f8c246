/**
 * The create-reservation form (docs/product.md#reservations, docs/product.md#date-rules). Dates default to
 * tonight in the property's time zone. As the clerk types, the live quote shows the total, the nights and
 * each night's price, or why the booking would be refused, and the Room select puts the rooms free for the
 * dates first (useQuote.ts). The check-in/check-out rule is checked here before anything is sent, and again
 * by the server's schema; every field the server refuses is marked beside it at once. "Guest name" suggests
 * the hotel's guest profiles as the clerk types (GuestCombobox): picking one fills the phone and email and
 * books the stay on that profile (`guestId`); retyping the name, or "Unlink", makes it a new guest again.
 * "Rate plan" offers the plans on sale that sell the chosen room type, the Standard plan first; the quote
 * prices the stay on it, so the total shown is what the booking costs. "Send confirmation" emails the guest
 * the booking, so it needs an email.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { RESERVATION_DEFAULTS } from "../../../domain/constants.js";
import { addDays, isIsoDate } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { GuestListItem } from "../../../domain/schemas/guests.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { usePropertyToday } from "../../api/property.js";
import { useCreateReservation, useRatePlans, useRooms, useRoomTypes } from "../../api/resources.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull, showAlert } from "../../components/feedback.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";
import { GuestCombobox } from "../../components/GuestCombobox.js";
import { EMPTY_GUEST, GuestLinkHint, guestPart } from "./GuestLink.js";
import { QuotePanel } from "./QuotePanel.js";
import { RatePlanSelect } from "./RatePlanSelect.js";
import { RoomOptions } from "./RoomOptions.js";
import { chosenPlan, planChoices } from "./ratePlanChoices.js";
import { SendConfirmationCheck } from "./SendConfirmationCheck.js";
import { datesProblem, fieldWords, problemSentence, useFreeRooms, useLiveQuote } from "./useQuote.js";

/** The fields this form shows, by the names the API gives them. */
const FORM_FIELDS = [
  "guestName",
  "guestPhone",
  "guestEmail",
  "roomTypeId",
  "roomId",
  "checkInDate",
  "checkOutDate",
  "adults",
  "children",
  "ratePlanId",
] as const;
type FormField = (typeof FORM_FIELDS)[number];

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
  const { t } = useLingui();
  const today = usePropertyToday();
  const rooms = useRooms();
  const roomTypes = useRoomTypes();
  const create = useCreateReservation();
  const [guest, setGuest] = useState(EMPTY_GUEST);
  // The profile picked from the suggestions, and the one a retyped name let go of (said under the field).
  const [linked, setLinked] = useState<GuestListItem | null>(null);
  const [dropped, setDropped] = useState<string | null>(null);
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
  // The plan picked; while it does not sell the room type, the first that does is the one shown and sold.
  const [ratePlanId, setRatePlanId] = useState("");
  const choices = planChoices(useRatePlans().data ?? [], roomTypeId || null);
  const plan = chosenPlan(choices, ratePlanId);
  const [sendConfirmation, setSendConfirmation] = useState(false);
  const canConfirm = guest.guestEmail.trim() !== "";
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FieldErrors>({});

  const quote = useLiveQuote({
    checkInDate,
    checkOutDate,
    roomId,
    roomTypeId,
    adults,
    children,
    ratePlanId: plan?.id ?? "",
  });
  const vacancy = useFreeRooms({ checkInDate, checkOutDate });
  const liveDates = datesProblem(checkInDate, checkOutDate);
  /** A field's message: the last save's refusal, else what the live quote or the dates say now. */
  const fieldError = (field: FormField): string | undefined =>
    refused[field] ??
    (quote.kind === "refused" ? quote.fields[field] : undefined) ??
    (field === "checkOutDate" && liveDates ? fieldWords(liveDates) : undefined);
  // Editing a field clears what the last save said about it.
  const edited = (field: FormField) =>
    setRefused((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  const on =
    <Value,>(field: FormField, set: (value: Value) => void) =>
    (value: Value) => {
      edited(field);
      set(value);
    };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A date left blank (the only value a date input holds that is not a calendar date) is out of order.
    const problem =
      isIsoDate(checkInDate) && isIsoDate(checkOutDate)
        ? datesProblem(checkInDate, checkOutDate)
        : MESSAGES.checkOutAfterCheckIn;
    if (problem !== null) {
      // The product's alert for dates out of order (docs/product.md#date-rules), kept on the page too.
      const message = problemSentence(problem);
      setError(message);
      setRefused({ checkOutDate: fieldWords(problem) });
      showAlert(message);
      return;
    }
    setError(null);
    setRefused({});
    create.mutate(
      {
        ...guestPart(guest, linked),
        roomId: roomId || null,
        roomTypeId: roomTypeId || null,
        checkInDate,
        checkOutDate,
        adults: numberOrNull(adults) ?? undefined,
        children: numberOrNull(children) ?? undefined,
        ratePlanId: plan?.id ?? null,
        sendConfirmation: canConfirm && sendConfirmation,
      },
      {
        onSuccess: (reservation) => {
          setGuest(EMPTY_GUEST);
          setSendConfirmation(false);
          setLinked(null);
          setDropped(null);
          onCreated?.(reservation);
        },
        onError: (cause) => {
          // A room conflict keeps the product's own alert (docs/product.md#double-booking); any other refusal
          // is shown in the page: beside each field it is about, the rest under the form.
          if (cause instanceof AppError && cause.code === "room_unavailable") {
            const message = t`Room not available for selected dates.`;
            setError(message);
            showAlert(message);
            return;
          }
          const split = splitFieldErrors(cause, FORM_FIELDS);
          setRefused(split.fields);
          setError(split.message);
        },
      },
    );
  };

  const guestInput = (field: keyof typeof EMPTY_GUEST) => ({
    value: guest[field],
    error: fieldError(field),
    onValue: on(field, (value: string) => setGuest((current) => ({ ...current, [field]: value }))),
  });
  const typeName = (name: string) => {
    edited("guestName");
    setGuest((current) => ({ ...current, guestName: name }));
    // A different name is a different person: the stay no longer goes to the picked profile.
    if (linked && name !== linked.name) {
      setLinked(null);
      setDropped(linked.name);
    }
  };
  const pickGuest = (picked: GuestListItem) => {
    for (const field of ["guestName", "guestPhone", "guestEmail"] as const) edited(field);
    setGuest({ guestName: picked.name, guestPhone: picked.phone, guestEmail: picked.email });
    setLinked(picked);
    setDropped(null);
  };
  const unlink = () => {
    if (linked) setDropped(linked.name);
    setLinked(null);
  };
  const roomFixesType = roomId !== "" && Boolean(rooms.data?.find((room) => room.id === roomId)?.roomTypeId);

  return (
    <section className="panel" aria-labelledby="new-reservation-heading">
      <h2 id="new-reservation-heading">
        <Trans>New reservation</Trans>
      </h2>
      <form className="form-grid reservation-form" onSubmit={onSubmit} noValidate>
        <GuestCombobox
          label={t`Guest name`}
          value={guest.guestName}
          onValue={typeName}
          onPick={pickGuest}
          suggest={linked === null}
          error={fieldError("guestName")}
          hint={
            linked || dropped ? <GuestLinkHint linked={linked} dropped={dropped} onUnlink={unlink} /> : null
          }
        />
        <InputField label={t`Guest phone`} type="tel" autoComplete="off" {...guestInput("guestPhone")} />
        <InputField label={t`Guest email`} type="email" autoComplete="off" {...guestInput("guestEmail")} />
        <SelectField
          label={t`Room type`}
          value={roomTypeId}
          disabled={roomFixesType}
          error={fieldError("roomTypeId")}
          onValue={on("roomTypeId", setRoomTypeId)}
        >
          <option value="">{t`None`}</option>
          {(roomTypes.data ?? []).map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Room`}
          value={roomId}
          error={fieldError("roomId")}
          onValue={on("roomId", chooseRoom)}
        >
          <RoomOptions
            rooms={rooms.data}
            vacancy={vacancy}
            roomTypeId={roomTypeId || null}
            withType={false}
          />
        </SelectField>
        <DateField
          label={t`Check-in date`}
          value={checkInDate}
          error={fieldError("checkInDate")}
          onValue={on("checkInDate", setCheckInDate)}
        />
        <DateField
          label={t`Check-out date`}
          value={checkOutDate}
          error={fieldError("checkOutDate")}
          onValue={on("checkOutDate", setCheckOutDate)}
        />
        <InputField
          label={t`Adults`}
          type="number"
          min={1}
          step={1}
          value={adults}
          error={fieldError("adults")}
          onValue={on("adults", setAdults)}
        />
        <InputField
          label={t`Children`}
          type="number"
          min={0}
          step={1}
          value={children}
          error={fieldError("children")}
          onValue={on("children", setChildren)}
        />
        <RatePlanSelect
          choices={choices}
          chosen={plan}
          onValue={on("ratePlanId", setRatePlanId)}
          error={fieldError("ratePlanId")}
        />
        <SendConfirmationCheck
          checked={canConfirm && sendConfirmation}
          email={canConfirm ? guest.guestEmail.trim() : null}
          onChecked={setSendConfirmation}
        />
        <QuotePanel view={quote} checkInDate={checkInDate} />
        <FormActions submit={t`Create Reservation`} busy={create.isPending} />
      </form>
      <FormError message={error} />
    </section>
  );
}
