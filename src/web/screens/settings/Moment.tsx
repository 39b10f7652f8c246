/**
 * An instant in the reader's own zone, as the Team and Activity screens show them, but short: the date and
 * the time each keep together and a narrow column breaks between them, so three of them fit one row of the
 * tokens table at tablet width. In English, in the reader's own locale; in another language, in its locale.
 */
import { useLingui } from "@lingui/react";
import { localeOf, writesAsEnglish } from "../../i18n/format.js";

type Formats = { dates: Intl.DateTimeFormat; times: Intl.DateTimeFormat };

const formats = new Map<string, Formats>();

/** The date and time formats of a language, made once each. */
function formatsOf(language: string): Formats {
  let found = formats.get(language);
  if (!found) {
    const locale = writesAsEnglish(language) ? undefined : localeOf(language);
    found = {
      dates: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }),
      times: new Intl.DateTimeFormat(locale, { timeStyle: "short" }),
    };
    formats.set(language, found);
  }
  return found;
}

export function Moment({ iso }: { iso: string }) {
  const { dates, times } = formatsOf(useLingui().i18n.locale);
  const instant = new Date(iso);
  return (
    <time dateTime={iso}>
      <span className="nowrap">{dates.format(instant)}</span>{" "}
      <span className="nowrap">{times.format(instant)}</span>
    </time>
  );
}
