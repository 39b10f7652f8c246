/** The activity module's public face: what other modules use to write the log (record.ts). */
export {
  type ActivityInput,
  type Actor,
  activityRow,
  actorOf,
  type Changes,
  changed,
  created,
  createRecord,
  deleteRecord,
  editRecord,
  type LoggedRecord,
  type RecordTarget,
  recordActivity,
  recordTarget,
  removed,
  withActivity,
} from "./record.js";
