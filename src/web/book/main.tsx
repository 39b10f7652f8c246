/** @jsxImportSource preact */
/**
 * The booking engine's entry (decision 043): its own HTML page (book.html) and its own small bundle on
 * Preact, sharing nothing with the staff app but pure modules of src/domain. The server serves this page for
 * the paths bookingPageOf names, so every other path here is a link that was mistyped. The page speaks the
 * language the link or the browser names until the guest chooses another (language.ts).
 */
import { render } from "preact";
import { useLayoutEffect, useMemo, useState } from "preact/hooks";
import { bookingPageOf } from "../../domain/booking-pages.js";
import type { Language } from "../../domain/languages.js";
import { BookingPage } from "./BookingPage.js";
import { pageLanguage, type Speech, SpeechContext, withLanguage, wordsOf } from "./language.js";
import { ManagePage } from "./ManagePage.js";
import { Message } from "./parts.js";
import "./book.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root missing");
const page = bookingPageOf(window.location.pathname);

function App() {
  const [language, setLanguage] = useState<Language>(() =>
    pageLanguage(window.location.search, navigator.languages ?? [navigator.language]),
  );
  // Before the paint: screen readers and the Devanagari font (book.css) go by <html lang>.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const speech = useMemo<Speech>(
    () => ({
      language,
      words: wordsOf(language),
      choose: (chosen) => {
        // Replaced, not pushed: Back leaves the page rather than stepping through languages.
        window.history.replaceState(window.history.state, "", withLanguage(window.location.href, chosen));
        setLanguage(chosen);
      },
    }),
    [language],
  );
  const { words } = speech;
  return (
    <SpeechContext.Provider value={speech}>
      {page?.kind === "book" ? (
        <BookingPage code={page.code} />
      ) : page?.kind === "manage" ? (
        <ManagePage token={page.token} />
      ) : (
        <Message title={words.notFoundTitle} text={words.notFoundText} />
      )}
    </SpeechContext.Provider>
  );
}

render(<App />, container);
