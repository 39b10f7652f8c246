// A child process of the largest-hotel stage (largest.ts seedInChild): generates the data and seeds one backend,
// so two backends load at the same time without one's statements holding up the other's. For the day-close
// bench it then prepares the days to close (day-close-setup.ts).
import { backendOf, execOf } from "./backends.js";
import { prepareDayClose } from "./day-close-setup.js";
import { type Loaded, type SeedJob, type SeedMessage, seedBackend } from "./largest.js";

const send = (message: SeedMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

process.once("message", async ({ spec, config, dayClose }: SeedJob) => {
  try {
    const backend = backendOf(spec);
    const log = (line: string) => void send({ log: line });
    const done: Loaded = await seedBackend(backend, config, log);
    if (dayClose) {
      const database = await backend.open(false);
      try {
        done.dayClose = await prepareDayClose(execOf(database), done.ids, config.today, dayClose);
        log(`${backend.name}: prepared the days to close in ${(done.dayClose.setupMs / 1000).toFixed(0)} s`);
      } finally {
        await database.close();
      }
    }
    await send({ done });
    process.exit(0);
  } catch (error) {
    await send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
});
