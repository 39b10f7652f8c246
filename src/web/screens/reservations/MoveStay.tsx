/**
 * "Move" in a stay's details: the keyboard's way to do what dragging a bar does. Pick a room (or none) and
 * dates, then confirm with the new total; a checked-in guest keeps the check-in date. The rooms free for the
 * new dates are offered first and the taken ones are marked, as in the booking form.
 */
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { addDays, daysBetween, isIsoDate } from "../../../domain/dates.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { editableFields } from "../../../domain/stays.js";
import { useRooms } from "../../api/resources.js";
import { DateField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { MoveConfirm, type MoveTo } from "./MoveConfirm.js";
import { RoomOptions } from "./RoomOptions.js";
import { useFreeRooms } from "./useQuote.js";

export function MoveStay({ stay, onDone }: { stay: Reservation; onDone: () => void }) {
  const rooms = useRooms();
  const { t } = useLingui();
  const [roomId, setRoomId] = useState(stay.roomId ?? "");
  const [checkInDate, setCheckInDate] = useState(stay.checkInDate);
  const [checkOutDate, setCheckOutDate] = useState(stay.checkOutDate);
  const [target, setTarget] = useState<MoveTo | null>(null);
  // The stay's own nights do not make a room taken.
  const vacancy = useFreeRooms({ checkInDate, checkOutDate, stayId: stay.id });
  const fixedStart = !editableFields(stay.status).includes("checkInDate");
  const roomLabel = (id: string | null) => {
    const room = rooms.data?.find((r) => r.id === id);
    if (!room) return t`Unassigned`;
    const number = room.number;
    return t`Room ${number}`;
  };

  // Moving the check-in keeps the number of nights, as dragging a bar does.
  const changeCheckIn = (value: string) => {
    setCheckInDate(value);
    if (isIsoDate(value) && isIsoDate(checkInDate)) {
      setCheckOutDate(addDays(value, daysBetween(checkInDate, checkOutDate)));
    }
  };

  const onReview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const room = rooms.data?.find((r) => r.id === roomId);
    setTarget({
      roomId: roomId || null,
      roomTypeId: room?.roomTypeId ?? stay.roomTypeId,
      checkInDate,
      checkOutDate,
    });
  };

  return (
    <div className="move-stay">
      <form className="form-grid" onSubmit={onReview} aria-label={t`Move stay`}>
        <SelectField label={t`Move to room`} value={roomId} onValue={setRoomId}>
          <RoomOptions rooms={rooms.data} vacancy={vacancy} roomTypeId={stay.roomTypeId} />
        </SelectField>
        <DateField
          label={t`New check-in date`}
          value={checkInDate}
          disabled={fixedStart}
          onValue={changeCheckIn}
        />
        <DateField label={t`New check-out date`} value={checkOutDate} onValue={setCheckOutDate} />
        <FormActions submit={t`Review move`} plain />
      </form>
      {target ? (
        <MoveConfirm
          key={JSON.stringify(target)}
          from={stay}
          fromLabel={roomLabel(stay.roomId)}
          to={target}
          toLabel={roomLabel(target.roomId)}
          onDone={onDone}
          onCancel={() => setTarget(null)}
        />
      ) : null}
    </div>
  );
}
