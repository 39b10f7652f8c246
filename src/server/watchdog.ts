/**
 * Exits the process when its event loop has been stuck too long, so that the supervisor restarts it
 * (docs/operations.md). PGlite runs on the main thread: when it spins (its WAL flush on a full disk did),
 * every request hangs and SIGTERM is never handled, and nothing inside that thread can notice. So the main
 * thread writes a heartbeat into shared memory every second and a worker thread, which keeps running, ends
 * the process with SIGKILL once the heartbeat is older than the limit. SIGKILL, because a graceful stop
 * needs the stuck thread; acknowledged writes survive it (src/server/hardening/crash.test.ts).
 */
import { Worker } from "node:worker_threads";

const BEAT_MS = 1_000;

// A worker from source (CommonJS), so that it runs the same from src/ under tsx and from dist/.
const WATCHER = `
const { workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const beat = new BigInt64Array(workerData.beat);
setInterval(() => {
  const silentMs = Date.now() - Number(Atomics.load(beat, 0));
  if (silentMs <= workerData.limitMs) return;
  writeSync(2, JSON.stringify({
    level: 60, time: Date.now(), pid: process.pid, silentMs,
    msg: "event loop stuck; exiting so that the supervisor restarts the server",
  }) + "\\n");
  process.kill(process.pid, "SIGKILL");
}, ${BEAT_MS});
`;

/** Starts watching; returns the function that stops it (a graceful shutdown may take its time). */
export function startWatchdog(limitMs: number): () => Promise<void> {
  const beat = new BigInt64Array(new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT));
  const touch = () => Atomics.store(beat, 0, BigInt(Date.now()));
  touch();
  const heart = setInterval(touch, BEAT_MS);
  heart.unref();
  const worker = new Worker(WATCHER, { eval: true, workerData: { beat: beat.buffer, limitMs } });
  worker.unref();
  return async () => {
    clearInterval(heart);
    await worker.terminate();
  };
}
