// A child process of the largest-hotel stage (largest.ts seedInChild): generates the data and seeds one backend,
// so two backends load at the same time without one's statements holding up the other's.
import { backendOf } from "./backends.js";
import { type SeedJob, type SeedMessage, seedBackend } from "./largest.js";

const send = (message: SeedMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

process.once("message", async ({ spec, config }: SeedJob) => {
  try {
    const done = await seedBackend(backendOf(spec), config, (log) => void send({ log }));
    await send({ done });
    process.exit(0);
  } catch (error) {
    await send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
});
