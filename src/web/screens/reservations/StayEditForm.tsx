/**
 * Edits what a stay's status allows (docs/product.md#editing-a-stay): the form offers only the fields the
 * shared `editableFields` rule allows, sends only what changed, and shows the server's message when a change
 * is refused.
 */
import { type FormEvent, useState } from "react";
import type { Reservation, ReservationUpdateInput } from "../../../domain/schemas/reservations.js";
import { editableFields } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useRooms, useUpdateReservation } from "../../api/resources.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { RoomOptions } from "./RoomOptions.js";

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

export function StayEditForm({ stay }: { stay: Reservation }) {
  const rooms = useRooms();
  const update = useUpdateReservation();
  const [draft, setDraft] = useState(() => draftOf(stay));
  const [error, setError] = useState<string | null>(null);
  const allowed = editableFields(stay.status);

  const field = (name: keyof Draft) => ({
    value: draft[name],
    disabled: !allowed.includes(name),
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: event.target.value })),
  });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = changesOf(stay, draft);
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
    <section aria-labelledby="stay-edit-heading">
      <h3 id="stay-edit-heading">Edit</h3>
      <form className="form-grid" onSubmit={onSave} aria-label="Edit stay">
        <InputField label="Guest name" autoComplete="off" {...field("guestName")} />
        <InputField label="Guest phone" type="tel" autoComplete="off" {...field("guestPhone")} />
        <InputField label="Guest email" type="email" autoComplete="off" {...field("guestEmail")} />
        <SelectField label="Room" {...field("roomId")}>
          <RoomOptions rooms={rooms.data} />
        </SelectField>
        <DateField label="Check-in date" {...field("checkInDate")} />
        <DateField label="Check-out date" {...field("checkOutDate")} />
        <InputField label="Adults" type="number" min={1} step={1} {...field("adults")} />
        <InputField label="Children" type="number" min={0} step={1} {...field("children")} />
        <FormActions submit="Save changes" busy={update.isPending} />
      </form>
      <FormError message={error} />
    </section>
  );
}
