/** @jsxImportSource preact */
/** Step 4: the booking is made. The guest keeps its code and the link to see or cancel it. */
import { managePath } from "../../domain/booking-pages.js";
import type { BookingCreated } from "./api.js";
import { money } from "./format.js";
import { keepLanguage, useSpeech } from "./language.js";
import { StepHeading } from "./parts.js";

type Props = { booking: BookingCreated; currency: string; email: string; onBookAnother: () => void };

export function Confirmation({ booking, currency, email, onBookAnother }: Props) {
  const { language, words } = useSpeech();
  const manageLink = keepLanguage(
    `${window.location.origin}${managePath(booking.manageToken)}`,
    window.location.search,
    language,
  );
  return (
    <section class="book-card" aria-labelledby="confirmed-heading">
      <StepHeading id="confirmed-heading">{words.confirmedTitle}</StepHeading>
      <dl class="book-facts">
        <dt>{words.bookingCode}</dt>
        <dd class="book-code">{booking.code}</dd>
        <dt>{words.total}</dt>
        <dd>{money(booking.total, currency, words.locale)}</dd>
      </dl>
      <p>{words.emailOnItsWay(email.trim())}</p>
      <p>{words.manageText}</p>
      <p class="book-link">
        <a href={manageLink}>{manageLink}</a>
      </p>
      <button type="button" class="book-button" onClick={onBookAnother}>
        {words.bookAnother}
      </button>
    </section>
  );
}
