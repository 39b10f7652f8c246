/**
 * My tasks (docs/product.md#housekeeping-and-room-status): a housekeeper's rooms on a phone, in the order to
 * do them (departures today, then dirty, in progress, clean, inspected), filtered by status and floor, each
 * with one big button for its next state.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useHousekeepingDay } from "../../api/housekeeping.js";
import { useRooms } from "../../api/resources.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { FilteredRooms } from "../housekeeping/FilteredRooms.js";
import { marksOf, taskRank } from "../housekeeping/order.js";
import { TaskCard } from "./TaskCard.js";

export default function TasksScreen() {
  const rooms = useRooms();
  const day = useHousekeepingDay();
  const marks = marksOf(day.data);
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`My tasks`} />
      <QueryList query={rooms} empty={t`No rooms yet.`} frame="panel" emptyDetail={<SetupChecklist />}>
        {(items) => {
          const toDo = items.filter((room) => taskRank(room.hkStatus, marks(room.id)) <= 2).length;
          return (
            <div className="tasks">
              <p className="tasks-summary">
                {toDo === 0
                  ? t`Every room is done.`
                  : t({ message: plural(toDo, { one: `${toDo} room to do`, other: `${toDo} rooms to do` }) })}
              </p>
              <FilteredRooms rooms={items} marks={marks}>
                {(shown) => (
                  <ol className="task-list" aria-label={t`Rooms in the order to do them`}>
                    {shown.map((room) => (
                      <TaskCard key={room.id} room={room} marks={marks(room.id)} />
                    ))}
                  </ol>
                )}
              </FilteredRooms>
            </div>
          );
        }}
      </QueryList>
    </>
  );
}
