// The folio section's notes on what a missed target's time went into and what would fix it (report-folio.ts
// shows each while its condition holds). Their figures were measured once, by the commands they name, not by
// every run: they say when.

/** Why the folio read misses its p99 on PGlite: the profile and the A/B of the one cheap fix. */
export const FOLIO_PGLITE_NOTE = `### Where the folio's time goes on PGlite, and what would fix it

A CPU profile of the server over 1,000 reads of the same folio (\`npm run bench -- --folio --profile
--only=PGlite\`, lib/folio-profile.ts; 07:12 UTC on 2026-11-27, load average 1.2; p50 12.5 ms and p99 23.4 ms under the
profiler) puts about 12 ms of the server's one thread into each read, in self time: PGlite 5.3 ms (its
WebAssembly and its JavaScript; 1.1 ms of it is its protocol reader copying every field of every row into an
array of its own, \`bytes\`), the folio's own code 2.4 ms, Node.js 1.7 ms (the socket, PGlite's file calls),
Drizzle 1.1 ms, garbage collection 0.4 ms, zod 0.4 ms, Fastify 0.3 ms, compression 0.1 ms. On PostgreSQL the
database's part runs in its own processes, on the other core, hence its lower figures.

Of the folio's own 2.4 ms, 1.7 ms is one function: \`minorDigits\` (src/domain/money.ts), which the tax arithmetic
calls for every amount it converts (\`toMinorUnits\`, \`fromMinorUnits\`: src/domain/tax.ts) and which asks
\`Intl.NumberFormat#resolvedOptions()\` each time, about 5 µs a call (measured alone), so some 340 calls a read. The
PostgreSQL server's profile shows the same 1.7 ms. Remembering the answer per currency (a \`Map\` in
\`minorDigits\`) was measured in a copy of the tree with only that change, the same bench on PGlite alternated
with the unchanged code, 4 runs each (06:57–07:08 UTC, load average 1.4 to 9.7): folio p50 11.2–13.7 ms
unchanged and 8.7–10.9 ms with the \`Map\`; p99 18.7–46.7 ms against 17.5–29.4 ms (the p99 follows the
machine's load more than the code). That fix is a few lines and takes about 2.4 ms off every read; it brings
the p99 near the target on a quiet machine, not reliably under it. What would take more off, not measured
here: \`loadFolio\` (src/server/modules/folio/load.ts) selects whole rows of \`reservations\`, \`properties\` and
\`folio_charges\`, every column, which PGlite's reader copies field by field and Drizzle maps; selecting only
the columns \`buildFolio\` reads would shrink both. Its three reads after the first (charges, payments,
invoiced lines) are sent together, but PGlite answers one statement at a time, so on PGlite they are three
round trips on the one thread either way; one statement would make them one.
`;

/** Why the numbering is held for several round trips, and what would shorten it. */
export const NUMBERING_NOTE = `### What would shorten the numbering's hold

\`numbering.ts\` says the counter is taken last in the transaction, "so the lock is held only for the insert that
follows". Measured above, it is held for that insert and five more steps: the invoiced lines' insert, the
activity entry (\`withActivity\`: its trigger also takes the property's \`event_seq\` row, which every write of
the property takes), the event's read-back and the wake-up (\`announceEvent\`), then COMMIT with its WAL flush;
each a round trip from the server's one thread, which with 16 issues in flight has other requests to serve in
between (the "idle in its transaction" samples above, after the numbering's statement). Two things follow from
the code, not measured here: taking the number after the activity entry would not help, since the issues
would then queue on \`event_seq\` instead, held to COMMIT the same way; what would shorten the hold is doing the
numbering, the invoice, its lines and the activity entry in one database call, as a stay's create does since
decision 032 (\`innkeep_create_reservation\`), so the counter is held for one statement's execution and COMMIT
(COMMIT alone: the row above). On PGlite none of this matters: it runs one transaction at a time.
`;
