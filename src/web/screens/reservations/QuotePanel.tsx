/**
 * The live quote under a booking or edit form: the total and nights, each night's price on demand, or why
 * the save would be refused, all before anything is saved. Read out politely (role="status"), never as an
 * alert: the form's own alerts stay the ones the product names.
 */
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { addDays } from "../../../domain/dates.js";
import type { Quote } from "../../../domain/schemas/quotes.js";
import { useMoney } from "../../components/useMoney.js";
import { useDateWords } from "../../i18n/format.js";
import { nightsLabel } from "./stayLabels.js";
import type { QuoteView } from "./useQuote.js";

/** "+₹1,500.00" / "−₹500.00" / "no change": how a new total differs from the current one. */
function difference(next: number, current: number, money: (amount: number) => string): string {
  const cents = Math.round((next - current) * 100);
  if (cents === 0) return t`no change`;
  return `${cents > 0 ? "+" : "−"}${money(Math.abs(cents) / 100)}`;
}

function PricedQuote({
  quote,
  checkInDate,
  current,
  calculating,
}: {
  quote: Quote;
  checkInDate: string;
  current: number | undefined;
  calculating: boolean;
}) {
  const money = useMoney();
  const words = useDateWords();
  const now = current === undefined ? "" : money(current);
  const change = current === undefined ? "" : difference(quote.total, current, money);
  return (
    <>
      <p className="quote-line">
        <span className="quote-label">
          {current === undefined ? <Trans>Total</Trans> : <Trans>New total</Trans>}
        </span>{" "}
        <strong className="quote-total" data-testid="quote-total">
          {money(quote.total)}
        </strong>{" "}
        <span className="quote-nights" data-testid="quote-nights">
          {nightsLabel(quote.nights)}
        </span>
        {calculating ? (
          <span className="quote-busy">
            {" "}
            <Trans>Calculating…</Trans>
          </span>
        ) : null}
      </p>
      {current === undefined ? null : (
        <p className="quote-was" data-testid="quote-was">
          <Trans>
            Now {now} ({change})
          </Trans>
        </p>
      )}
      {quote.nightlyRates.length > 0 ? (
        <details className="quote-detail">
          <summary>
            <Trans>Price per night</Trans>
          </summary>
          <ul className="quote-night-list">
            {quote.nightlyRates.map((rate, index) => {
              const night = addDays(checkInDate, index);
              return (
                <li key={night}>
                  <span>
                    {words.weekday(night)} {night}
                  </span>
                  <span>{money(rate)}</span>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </>
  );
}

export function QuotePanel({
  view,
  checkInDate,
  current,
}: {
  view: QuoteView;
  /** The first night the nightly prices start from. */
  checkInDate: string;
  /** The stay's total now, for an edit: the quote is shown as the new total against it. */
  current?: number;
}) {
  const { t } = useLingui();
  let body: ReactNode;
  if (view.kind === "none") {
    body = (
      <p className="quote-idle">
        <Trans>The price shows once the dates make a stay.</Trans>
      </p>
    );
  } else if (view.kind === "calculating") {
    body = view.last ? (
      <PricedQuote quote={view.last} checkInDate={checkInDate} current={current} calculating />
    ) : (
      <p className="quote-busy">
        <Trans>Calculating…</Trans>
      </p>
    );
  } else if (view.kind === "priced") {
    body = <PricedQuote quote={view.quote} checkInDate={checkInDate} current={current} calculating={false} />;
  } else {
    body = (
      <p className="quote-refusal" data-testid="quote-refusal">
        {view.message ?? t`Not bookable as entered: see the marked fields.`}
      </p>
    );
  }
  return (
    <div className="quote" role="status" aria-label={t`Price quote`} aria-busy={view.kind === "calculating"}>
      {body}
    </div>
  );
}
