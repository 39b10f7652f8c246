/**
 * Activity entries as sentences (activityText.ts, in the language shown), newest first: what happened, the changed
 * fields in words, and when (on the hotel's clock) and who. A list, not a table, so it reads the same on a
 * phone as on a desk. Shared by the Activity screen and a stay's history.
 */
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { ActivityContext } from "../../../domain/activity-text.js";
import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { activityText, activityTime } from "./activityText.js";
import "./activity.css";

/** The hotel's currency, time zone and today, which every entry is read with. */
export function useActivityContext(): ActivityContext {
  const { currency, timeZone } = useProperty();
  return { currency, timeZone, today: usePropertyToday() };
}

export function ActivityEntries({
  entries,
  label,
  action,
}: {
  entries: ActivityEntry[];
  label: string;
  /** A control shown with an entry (the log's "History" button), if any. */
  action?: (entry: ActivityEntry) => ReactNode;
}) {
  const context = useActivityContext();
  // The sentences read the language shown: a change of language renders them again.
  useLingui();
  return (
    <ol className="activity-list" aria-label={label}>
      {entries.map((entry) => {
        const { sentence, details } = activityText(entry, context);
        return (
          <li key={entry.id} className="activity-entry">
            <p className="activity-when muted">
              <time dateTime={entry.at}>{activityTime(entry.at, context.timeZone)}</time>
            </p>
            <p className="activity-who">
              <bdi>{entry.actorName}</bdi>
            </p>
            <div className="activity-what">
              <p className="activity-sentence">
                <bdi>{sentence}</bdi>
              </p>
              {details.length > 0 ? (
                <ul className="changes">
                  {details.map((line) => (
                    <li key={line}>
                      <bdi>{line}</bdi>
                    </li>
                  ))}
                </ul>
              ) : null}
              {action?.(entry)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
