/**
 * Edits what a stay's status allows (docs/product.md#editing-a-stay): the form offers only the fields the
 * shared `editableFields` rule allows, sends only what changed, and marks each field the server refuses
 * beside it (the rest under the form). When the dates or the room change, the live quote shows the new total
 * against the current one, or why the change would be refused, before saving; the Room select puts the rooms
 * free for the new dates first (the stay's own room counts as free). A booked stay's rate plan can be changed
 * too: the plans on sale that sell its room type are offered, and the quote prices the stay on the new one
 * (and on the adults, for a plan with a per-adult supplement, as the server re-prices it then).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { Reservation, ReservationUpdateInput } from "../../../domain/schemas/reservations.js";
import { editableFields } from "../../../domain/stays.js";
import { useRatePlans, useRooms, useUpdateReservation } from "../../api/resources.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";
import { QuotePanel } from "./QuotePanel.js";
import { RatePlanSelect } from "./RatePlanSelect.js";
import { RoomOptions } from "./RoomOptions.js";
import { chosenPlan, planChoices } from "./ratePlanChoices.js";
import { datesProblem, fieldWords, useFreeRooms, useLiveQuote } from "./useQuote.js";

type Draft = {
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  adults: string;
  children: string;
  checkInDate: string;
  checkOutDate: string;
  roomId: string;
  ratePlanId: string;
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
  ratePlanId: stay.ratePlanId,
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
    ratePlanId: draft.ratePlanId,
  };
  return Object.fromEntries(
    Object.entries(next).filter(([field, value]) => stay[field as keyof Reservation] !== value),
  ) as ReservationUpdateInput;
}

/** The fields the form shows, by the names the API gives them. */
const DRAFT_FIELDS: readonly (keyof Draft)[] = [
  "guestName",
  "guestPhone",
  "guestEmail",
  "adults",
  "children",
  "checkInDate",
  "checkOutDate",
  "roomId",
  "ratePlanId",
];

export function StayEditForm({ stay }: { stay: Reservation }) {
  const { t } = useLingui();
  const rooms = useRooms();
  const plans = useRatePlans().data ?? [];
  const update = useUpdateReservation();
  const [draft, setDraft] = useState(() => draftOf(stay));
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FieldErrors>({});
  const allowed = editableFields(stay.status);
  // The type the plans must sell: the new room's, else the stay's.
  const roomTypeId = rooms.data?.find((room) => room.id === draft.roomId)?.roomTypeId ?? stay.roomTypeId;
  const choices = planChoices(plans, roomTypeId, stay.ratePlanId);
  const plan = chosenPlan(choices, draft.ratePlanId);
  // The draft as it would be saved: a plan picked here that does not sell the new room's type gives way to
  // the first that does, as the select shows (the stay's own plan stays; the server says if it cannot).
  const edited: Draft = { ...draft, ratePlanId: plan?.id ?? draft.ratePlanId };
  // Only a change of dates, room or plan re-prices the stay, or of the adults on a plan priced per adult:
  // the quote is asked for then only.
  const repriced =
    draft.checkInDate !== stay.checkInDate ||
    draft.checkOutDate !== stay.checkOutDate ||
    draft.roomId !== (stay.roomId ?? "") ||
    edited.ratePlanId !== stay.ratePlanId ||
    (draft.adults !== String(stay.adults) && (plan?.perAdultPerNight ?? 0) > 0);
  const quote = useLiveQuote(
    {
      ...edited,
      // A room decides its type; without one the stay keeps its type.
      roomTypeId: draft.roomId ? "" : (stay.roomTypeId ?? ""),
      stayId: stay.id,
    },
    repriced,
  );
  const vacancy = useFreeRooms({
    checkInDate: draft.checkInDate,
    checkOutDate: draft.checkOutDate,
    stayId: stay.id,
  });
  const liveDates = datesProblem(draft.checkInDate, draft.checkOutDate);

  const fieldError = (name: keyof Draft): string | undefined =>
    refused[name] ??
    (repriced && quote.kind === "refused" ? quote.fields[name] : undefined) ??
    (name === "checkOutDate" && liveDates ? fieldWords(liveDates) : undefined);

  const field = (name: keyof Draft) => ({
    value: draft[name],
    disabled: !allowed.includes(name),
    error: fieldError(name),
    onChange: (event: { target: { value: string } }) => {
      setRefused(({ [name]: _gone, ...rest }) => rest);
      setDraft((d) => ({ ...d, [name]: event.target.value }));
    },
  });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = changesOf(stay, edited);
    if (Object.keys(input).length === 0) return;
    setError(null);
    setRefused({});
    update.mutate(
      { id: stay.id, input },
      {
        onSuccess: (saved) => setDraft(draftOf(saved)),
        onError: (cause) => {
          const split = splitFieldErrors(cause, DRAFT_FIELDS);
          setRefused(split.fields);
          setError(split.message);
        },
      },
    );
  };

  return (
    <section aria-labelledby="stay-edit-heading">
      <h3 id="stay-edit-heading">
        <Trans>Edit</Trans>
      </h3>
      <form className="form-grid stay-edit-form" onSubmit={onSave} aria-label={t`Edit stay`} noValidate>
        <InputField label={t`Guest name`} autoComplete="off" {...field("guestName")} />
        <InputField label={t`Guest phone`} type="tel" autoComplete="off" {...field("guestPhone")} />
        <InputField label={t`Guest email`} type="email" autoComplete="off" {...field("guestEmail")} />
        <SelectField label={t`Room`} {...field("roomId")}>
          <RoomOptions rooms={rooms.data} vacancy={vacancy} roomTypeId={stay.roomTypeId} />
        </SelectField>
        <DateField label={t`Check-in date`} {...field("checkInDate")} />
        <DateField label={t`Check-out date`} {...field("checkOutDate")} />
        <InputField label={t`Adults`} type="number" min={1} step={1} {...field("adults")} />
        <InputField label={t`Children`} type="number" min={0} step={1} {...field("children")} />
        <RatePlanSelect
          choices={choices}
          chosen={plan}
          disabled={!allowed.includes("ratePlanId")}
          onValue={(id) => field("ratePlanId").onChange({ target: { value: id } })}
          error={fieldError("ratePlanId")}
        />
        {repriced ? <QuotePanel view={quote} checkInDate={draft.checkInDate} current={stay.total} /> : null}
        <FormActions submit={t`Save changes`} busy={update.isPending} />
      </form>
      <FormError message={error} />
    </section>
  );
}
