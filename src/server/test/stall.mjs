// A fault for the watchdog's test (src/server/hardening/disk-full.test.ts), preloaded into a real server
// process with --import: on SIGUSR2 the main thread spins for ever, as PGlite's WAL flush did on a full disk.
process.on("SIGUSR2", () => {
  for (;;) {
    // Stuck on purpose: nothing else on this thread runs again.
  }
});
