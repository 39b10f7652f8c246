/**
 * An instant in the reader's own locale and zone, as the Team and Activity screens show them, but short:
 * the date and the time each keep together and a narrow column breaks between them, so three of them fit
 * one row of the tokens table at tablet width.
 */
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const times = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

export function Moment({ iso }: { iso: string }) {
  const instant = new Date(iso);
  return (
    <time dateTime={iso}>
      <span className="nowrap">{dates.format(instant)}</span>{" "}
      <span className="nowrap">{times.format(instant)}</span>
    </time>
  );
}
