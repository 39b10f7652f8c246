/**
 * A full disk, made for real: DATA_DIR on a small tmpfs that the test fills. With the free-space guard
 * (db/disk-guard.ts) changes are refused with 507 before PGlite can reach the end of the disk, reads and
 * health go on, and changes resume by themselves once space is freed. Without it (DISK_RESERVE_MB=0) the
 * first commit on a full disk leaves PGlite spinning; the watchdog (watchdog.ts) then ends the process, and
 * once space is freed the server starts again with every acknowledged write. Mounting needs root: outside
 * CI the suite is skipped loudly when it cannot mount.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/listening.js";
import { spawnServer, waitUntilReady } from "../test/process.js";
import { type Hotel, listReservations, signInAndFurnish, stay } from "./crash-support.js";

const MB = 1024 * 1024;
const mounts: string[] = [];
const plainDirs: string[] = [];

function mountTmpfs(sizeMb: number): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const why = `cannot mount a tmpfs for the disk-full tests (${(error as Error).message.split("\n")[0]})`;
    if (process.env.CI === "true") throw new Error(`${why}; CI requires them`);
    console.warn(`\n*** ${why}: SKIPPED ***\n`);
    return null;
  }
  mounts.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of mounts) {
    execFileSync("umount", ["-l", dir], { stdio: "pipe" });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const dir of plainDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const freeBytes = (dir: string) => {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** Writes a filler file until at most `leave` bytes are free (0: until the disk refuses more). */
function fill(dir: string, leave: number): string {
  const file = path.join(dir, "filler");
  const fd = fs.openSync(file, "w");
  const chunk = Buffer.alloc(MB);
  try {
    for (;;) {
      const room = freeBytes(dir) - leave;
      if (room <= 0) break;
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

function create(baseUrl: string, hotel: Hotel, index: number) {
  return fetch(`${baseUrl}/api/properties/${hotel.pid}/reservations`, {
    method: "POST",
    headers: { cookie: hotel.cookie, "content-type": "application/json" },
    body: JSON.stringify(stay(hotel, index)),
    signal: AbortSignal.timeout(10_000),
  });
}

describe("a full disk under the embedded database", () => {
  it("refuses changes below the reserve, keeps reads and health, and resumes when space returns", async () => {
    const disk = mountTmpfs(300);
    if (!disk) return;
    const server = await spawnServer({ DATA_DIR: path.join(disk, "data"), DISK_RESERVE_MB: "40" });
    await waitUntilReady(server);
    const hotel = await signInAndFurnish(server, "disk-guard@example.com");
    expect((await create(server.baseUrl, hotel, 0)).status).toBe(201);

    const filler = fill(disk, 20 * MB);
    const refused = await create(server.baseUrl, hotel, 1);
    expect(refused.status).toBe(507);
    expect((await refused.json()).error).toMatchObject({
      code: "storage_full",
      message: expect.stringContaining("disk is almost full"),
    });
    const { list } = await listReservations(server, "disk-guard@example.com", hotel.pid);
    expect(list).toHaveLength(1);
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: "degraded",
      db: "ok",
      disk: { reserveBytes: 40 * MB, writable: false },
    });

    fs.rmSync(filler);
    expect((await create(server.baseUrl, hotel, 2)).status).toBe(201);
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toMatchObject({
      status: "ok",
      disk: { writable: true },
    });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("disk almost full: changes are refused until space is freed");
  }, 120_000);

  it("answers 507 when the database itself meets a full disk, and stays responsive", async () => {
    const disk = mountTmpfs(300);
    if (!disk) return;
    const server = await spawnServer({ DATA_DIR: path.join(disk, "data"), DISK_RESERVE_MB: "0" });
    await waitUntilReady(server);
    const hotel = await signInAndFurnish(server, "disk-nolimit@example.com");
    expect((await create(server.baseUrl, hotel, 0)).status).toBe(201);
    const filler = fill(disk, 0);
    // The first writes may still fit in pages PGlite already holds; soon one needs a new page and is refused.
    const answers: number[] = [];
    for (let index = 1; index < 40 && !answers.includes(507); index++) {
      answers.push((await create(server.baseUrl, hotel, index)).status);
    }
    expect(answers.filter((status) => status !== 201 && status !== 507)).toEqual([]);
    expect(answers).toContain(507);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    fs.rmSync(filler);
    expect((await create(server.baseUrl, hotel, 100)).status).toBe(201);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe("the watchdog", () => {
  it("ends a server whose event loop is stuck (SIGTERM unheard), and it starts again with its data", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-watchdog-"));
    plainDirs.push(dataDir);
    const port = String(await freePort());
    const stall = path.join(import.meta.dirname, "../test/stall.mjs");
    const env = { DATA_DIR: dataDir, WATCHDOG_SECONDS: "3", PORT: port, NODE_OPTIONS: `--import ${stall}` };
    const server = await spawnServer(env);
    await waitUntilReady(server);
    const hotel = await signInAndFurnish(server, "watchdog@example.com");
    expect((await create(server.baseUrl, hotel, 0)).status).toBe(201);

    server.child.kill("SIGUSR2");
    const stuckAt = Date.now();
    // SIGTERM only once the thread is stuck: sent together, it could be handled first, and a graceful stop
    // ends the watchdog before the stall begins.
    while (!server.output().includes("stall: main thread stuck")) {
      if (Date.now() - stuckAt > 10_000) throw new Error(`the stall never began:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill("SIGTERM"); // never handled: the thread that would handle it is stuck
    expect(await server.exited).toBeNull(); // ended by a signal, not an exit
    const after = Date.now() - stuckAt;
    // Counted from the last heartbeat, which came up to a second before the stall.
    expect(after).toBeGreaterThanOrEqual(2_000);
    expect(after).toBeLessThan(15_000);
    expect(server.output()).toContain("event loop stuck; exiting so that the supervisor restarts the server");

    const again = await spawnServer({ ...env, NODE_OPTIONS: "" });
    await waitUntilReady(again);
    const { list } = await listReservations(again, "watchdog@example.com", hotel.pid);
    expect(list).toHaveLength(1);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 120_000);
});
