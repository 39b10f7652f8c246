/**
 * First-run setup: while a property has no rooms, the people who set it up (owner, manager) see the few
 * steps to a first booking, each linking to its screen and marked done once it is. Others, and properties
 * that have rooms, see nothing.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { DEFAULT_PROPERTY_NAME } from "../../domain/constants.js";
import { useCan, useProperty } from "../api/property.js";
import { useHasReservations } from "../api/reservations.js";
import { useRooms, useRoomTypes } from "../api/resources.js";

type Step = { to: string; label: string; detail: string; done: boolean };

export function SetupChecklist() {
  const canSetUp = useCan("manage");
  return canSetUp ? <Checklist /> : null;
}

function Checklist() {
  const property = useProperty();
  const roomTypes = useRoomTypes();
  const rooms = useRooms();
  const reservations = useHasReservations();
  const { t } = useLingui();
  // Only a property known to have no rooms is being set up; while loading, show nothing.
  if (rooms.data === undefined || rooms.data.length > 0) return null;

  const steps: Step[] = [
    {
      to: "/hms/settings",
      label: t`Property settings`,
      detail: t`Name, currency and time zone`,
      done: property.name !== DEFAULT_PROPERTY_NAME,
    },
    {
      to: "/hms/inventory",
      label: t`Room types`,
      detail: t`Each kind of room with its capacity and base rate`,
      done: (roomTypes.data?.length ?? 0) > 0,
    },
    {
      to: "/hms/inventory",
      label: t`Rooms`,
      detail: t`Every room by its number`,
      done: rooms.data.length > 0,
    },
    {
      to: "/hms/reservations",
      label: t`First booking`,
      detail: t`A guest's stay in one of the rooms`,
      done: reservations.data === true,
    },
  ];
  const left = steps.filter((step) => !step.done).length;
  const total = steps.length;
  const finished = total - left;

  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-heading">
      <h2 id="setup-checklist-heading">
        <Trans>Getting started</Trans>
      </h2>
      <p className="muted">
        {left === 0
          ? t`All done.`
          : t({
              message: plural(total, {
                one: `${finished} of # step done.`,
                other: `${finished} of # steps done.`,
              }),
            })}
      </p>
      <ol>
        {steps.map((step) => (
          <li key={step.label} className={step.done ? "done" : undefined}>
            <span className="setup-mark" aria-hidden="true">
              {step.done ? "✓" : ""}
            </span>
            <span className="setup-step">
              <Link to={step.to}>{step.label}</Link>
              <span className="muted">{step.detail}</span>
            </span>
            <span className={step.done ? "badge setup-state done" : "badge setup-state"}>
              {step.done ? t`Done` : t`To do`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
