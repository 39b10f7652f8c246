/**
 * A rate row's room type as shown: the "All" row and a type without a name in the language shown, a type's
 * own name as it is. The model (rateCalendar.ts) keeps their English names.
 */
import { useLingui } from "@lingui/react/macro";
import { type CalendarRoomType, UNNAMED } from "./rateCalendar.js";

export type TypeName = (roomType: Pick<CalendarRoomType, "id" | "name">) => string;

export function useTypeName(): TypeName {
  const { t } = useLingui();
  return (roomType) => {
    if (roomType.id === null) return t`All`;
    return roomType.name === UNNAMED ? t`(unnamed)` : roomType.name;
  };
}
