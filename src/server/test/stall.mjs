// A fault for the watchdog's test (src/server/hardening/disk-full.test.ts), preloaded into a real server
// process with --import: on SIGUSR2 the main thread spins for ever, as PGlite's WAL flush did on a full disk.
import { writeSync } from "node:fs";

/** Written (synchronously: nothing asynchronous runs again) as the thread gets stuck; the test waits for it. */
const STALLED = "stall: main thread stuck";

process.on("SIGUSR2", () => {
  writeSync(2, `${STALLED}\n`);
  for (;;) {
    // Stuck on purpose: nothing else on this thread runs again.
  }
});
