/**
 * The Day close view's longer words in the language shown: the CSV's header and "Closed by" values
 * (dayCloseCsv.ts writes them in English by default), and what closing a day will do.
 */
import { useLingui } from "@lingui/react/macro";
import type { Property } from "../../../domain/schemas/properties.js";
import type { DayCloseCsvWords } from "./dayCloseCsv.js";

/** `DAY_CLOSE_COLUMNS`, column for column, and who closed a day, in the language shown. */
export function useDayCloseCsvWords(): DayCloseCsvWords {
  const { t } = useLingui();
  return {
    columns: [
      t`Date`,
      t`Rooms available`,
      t`Rooms blocked`,
      t`Room-nights sold`,
      t`Occupancy %`,
      t`ADR`,
      t`RevPAR`,
      t`Room revenue`,
      t`Extras revenue`,
      t`City tax`,
      t`Cash`,
      t`Card`,
      t`Bank transfer`,
      t`Other`,
      t`Refunds`,
      t`Payments`,
      t`Arrivals`,
      t`Departures`,
      t`No-shows`,
      t`Cancellations`,
      t`In house`,
      t`Closed at`,
      t`Closed by`,
    ],
    automatic: t`Automatic`,
    manager: t`A manager`,
  };
}

/**
 * What a close of a day will do, by the property's settings (src/server/modules/day-close/service.ts): one
 * sentence for each combination, since the clauses' order and joins differ between languages.
 */
export function useCloseEffects(): (property: Property) => string {
  const { t } = useLingui();
  return ({ autoNoShow, stayoverDirty }) => {
    if (autoNoShow && stayoverDirty) {
      return t`Stays still booked to arrive by then that never came become no-shows; occupied rooms turn dirty for the stay-over cleaning; the day's figures are frozen: its payments, charges and nights can no longer change, and a correction is a new line dated today. This cannot be undone.`;
    }
    if (autoNoShow) {
      return t`Stays still booked to arrive by then that never came become no-shows; the day's figures are frozen: its payments, charges and nights can no longer change, and a correction is a new line dated today. This cannot be undone.`;
    }
    if (stayoverDirty) {
      return t`Occupied rooms turn dirty for the stay-over cleaning; the day's figures are frozen: its payments, charges and nights can no longer change, and a correction is a new line dated today. This cannot be undone.`;
    }
    return t`The day's figures are frozen: its payments, charges and nights can no longer change, and a correction is a new line dated today. This cannot be undone.`;
  };
}
