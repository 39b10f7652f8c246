/**
 * The live quote under a booking or edit form: the total and nights, each night's price on demand, or why
 * the save would be refused, all before anything is saved. Read out politely (role="status"), never as an
 * alert: the form's own alerts stay the ones the product names.
 */
import type { ReactNode } from "react";
import { addDays, weekdayLabel } from "../../../domain/dates.js";
import type { Quote } from "../../../domain/schemas/quotes.js";
import { useMoney } from "../../components/useMoney.js";
import { nightsLabel } from "./stayLabels.js";
import type { QuoteView } from "./useQuote.js";

/** "+₹1,500.00" / "−₹500.00" / "no change": how a new total differs from the current one. */
function difference(next: number, current: number, money: (amount: number) => string): string {
  const cents = Math.round((next - current) * 100);
  if (cents === 0) return "no change";
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
  return (
    <>
      <p className="quote-line">
        <span className="quote-label">{current === undefined ? "Total" : "New total"}</span>{" "}
        <strong className="quote-total" data-testid="quote-total">
          {money(quote.total)}
        </strong>{" "}
        <span className="quote-nights" data-testid="quote-nights">
          {nightsLabel(quote.nights)}
        </span>
        {calculating ? <span className="quote-busy"> Calculating…</span> : null}
      </p>
      {current === undefined ? null : (
        <p className="quote-was" data-testid="quote-was">
          Now {money(current)} ({difference(quote.total, current, money)})
        </p>
      )}
      {quote.nightlyRates.length > 0 ? (
        <details className="quote-detail">
          <summary>Price per night</summary>
          <ul className="quote-night-list">
            {quote.nightlyRates.map((rate, index) => {
              const night = addDays(checkInDate, index);
              return (
                <li key={night}>
                  <span>
                    {weekdayLabel(night)} {night}
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
  let body: ReactNode;
  if (view.kind === "none") {
    body = <p className="quote-idle">The price shows once the dates make a stay.</p>;
  } else if (view.kind === "calculating") {
    body = view.last ? (
      <PricedQuote quote={view.last} checkInDate={checkInDate} current={current} calculating />
    ) : (
      <p className="quote-busy">Calculating…</p>
    );
  } else if (view.kind === "priced") {
    body = <PricedQuote quote={view.quote} checkInDate={checkInDate} current={current} calculating={false} />;
  } else {
    body = (
      <p className="quote-refusal" data-testid="quote-refusal">
        {view.message ?? "Not bookable as entered: see the marked fields."}
      </p>
    );
  }
  return (
    <div className="quote" role="status" aria-label="Price quote" aria-busy={view.kind === "calculating"}>
      {body}
    </div>
  );
}
