/** @jsxImportSource preact */
/**
 * The booking engine's entry (decision 043): its own HTML page (book.html) and its own small bundle on
 * Preact, sharing nothing with the staff app but pure modules of src/domain. The server serves this page for
 * the paths bookingPageOf names, so every other path here is a link that was mistyped.
 */
import { render } from "preact";
import { bookingPageOf } from "../../domain/booking-pages.js";
import { BookingPage } from "./BookingPage.js";
import { ManagePage } from "./ManagePage.js";
import { Message } from "./parts.js";
import { WORDS } from "./words.js";
import "./book.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root missing");
const page = bookingPageOf(window.location.pathname);
render(
  page?.kind === "book" ? (
    <BookingPage code={page.code} />
  ) : page?.kind === "manage" ? (
    <ManagePage token={page.token} />
  ) : (
    <Message title={WORDS.notFoundTitle} text={WORDS.notFoundText} />
  ),
  container,
);
