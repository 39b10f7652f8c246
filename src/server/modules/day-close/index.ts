/** The day-close module's public face: the scheduler the app starts. */
export { type DayCloseOptions, scheduleDayCloses } from "./scheduler.js";
