/** @jsxImportSource preact */
/** Step 4: the booking is made. The guest keeps its code and the link to see or cancel it. */
import { managePath } from "../../domain/booking-pages.js";
import type { BookingCreated } from "./api.js";
import { money } from "./format.js";
import { StepHeading } from "./parts.js";
import { WORDS } from "./words.js";

type Props = { booking: BookingCreated; currency: string; email: string; onBookAnother: () => void };

export function Confirmation({ booking, currency, email, onBookAnother }: Props) {
  const manageLink = `${window.location.origin}${managePath(booking.manageToken)}`;
  return (
    <section class="book-card" aria-labelledby="confirmed-heading">
      <StepHeading id="confirmed-heading">{WORDS.confirmedTitle}</StepHeading>
      <dl class="book-facts">
        <dt>{WORDS.bookingCode}</dt>
        <dd class="book-code">{booking.code}</dd>
        <dt>{WORDS.total}</dt>
        <dd>{money(booking.total, currency)}</dd>
      </dl>
      <p>{WORDS.emailOnItsWay(email.trim())}</p>
      <p>{WORDS.manageText}</p>
      <p class="book-link">
        <a href={manageLink}>{manageLink}</a>
      </p>
      <button type="button" class="book-button" onClick={onBookAnother}>
        {WORDS.bookAnother}
      </button>
    </section>
  );
}
