/**
 * The embedded database's disk (DATA_DIR) must never fill up: at the first commit after ENOSPC, PGlite spins
 * in its WAL flush on the main thread, and every request — reads, health, live streams — hangs until the
 * process is killed. So writes are refused (507 `storage_full`) while the free space is below a reserve,
 * before PGlite can reach the end of the disk; reads go on, and writes resume by themselves once space is
 * freed. The free space is read (statfs) before every write and every few seconds for health.
 * PostgreSQL servers handle a full disk themselves (their errors answer 503), so this guards DATA_DIR only.
 */
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors.js";

export type DiskStatus = { freeBytes: number; reserveBytes: number; writable: boolean };

const MB = 1024 * 1024;
const REFRESH_MS = 5_000;

export class DiskGuard {
  private last: DiskStatus | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dir: string,
    private readonly reserveBytes: number,
    private readonly onChange: (status: DiskStatus) => void = () => {},
  ) {}

  /** Reads the free space now (and tells `onChange` when writes stop or resume). */
  async refresh(): Promise<DiskStatus> {
    const stats = await fs.promises.statfs(this.dir);
    const freeBytes = stats.bavail * stats.bsize;
    const status = { freeBytes, reserveBytes: this.reserveBytes, writable: freeBytes >= this.reserveBytes };
    const changed = this.last === null ? !status.writable : this.last.writable !== status.writable;
    this.last = status;
    if (changed) this.onChange(status);
    return status;
  }

  /** The last reading (null before the first). */
  status(): DiskStatus | null {
    return this.last;
  }

  /** Refuses a write (507) while the disk is below its reserve. */
  async assertWritable(): Promise<void> {
    const status = await this.refresh();
    if (status.writable) return;
    throw new AppError(
      "storage_full",
      `The server's disk is almost full (${Math.floor(status.freeBytes / MB)} MB free, ${Math.round(this.reserveBytes / MB)} MB kept in reserve): changes are refused until space is freed; everything can still be read`,
    );
  }

  start(onError: (error: unknown) => void): void {
    const tick = () => {
      this.refresh().catch(onError);
    };
    tick();
    this.timer = setInterval(tick, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Signing in writes one session row; staff must still be able to sign in and read while changes wait. */
const ALWAYS_OPEN = ["/auth/", "/dev-idp"];

/** Every request that may write (any method but a read) is checked against the guard first. */
export function registerWriteGuard(app: FastifyInstance, guard: DiskGuard): void {
  app.addHook("onRequest", async (request) => {
    if (READ_METHODS.has(request.method)) return;
    if (ALWAYS_OPEN.some((prefix) => request.url.startsWith(prefix))) return;
    await guard.assertWritable();
  });
}
