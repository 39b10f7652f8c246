/**
 * Start-up in a bad environment, beyond what main.test.ts and config.test.ts cover: a DATA_DIR locked by
 * another live process or not writable, DATABASE_URL pointing at an unknown host, a missing database or
 * something that is not PostgreSQL, and a port already taken. Each must stop the server quickly (exit 1)
 * with a message naming the cause, never leak the database password, and leave no lock behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/listening.js";
import { spawnServer } from "../test/process.js";

const PASSWORD = "s3cret-pw-do-not-print";
const FAST_MS = 20_000;

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-startup-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server expecting it to refuse; returns its output and how long it took. */
async function refusedStart(env: Record<string, string>) {
  const startedAt = Date.now();
  const server = await spawnServer(env);
  const code = await server.exited;
  const output = server.output();
  expect(code, output).toBe(1);
  expect(output).not.toContain(PASSWORD);
  return { output, elapsedMs: Date.now() - startedAt };
}

describe("start-up in a bad environment", () => {
  it("refuses a DATA_DIR locked by another live process, naming it, and leaves its lock alone", async () => {
    const dataDir = tempDir();
    // Any live process holding the lock, not only another Innkeep server (e.g. a pid reused after a reboot
    // is treated the same: the server never guesses that a live holder is stale).
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    children.push(holder);
    const lockFile = path.join(dataDir, "innkeep.lock");
    fs.writeFileSync(lockFile, String(holder.pid));
    const { output, elapsedMs } = await refusedStart({ DATA_DIR: dataDir });
    expect(output).toContain(
      `innkeep: cannot start: DATA_DIR ${dataDir} is in use by another Innkeep process`,
    );
    expect(output).toContain(`pid ${holder.pid}`);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(holder.pid));
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false); // never opened
    expect(elapsedMs).toBeLessThan(FAST_MS);
    holder.kill("SIGKILL");
  }, 60_000);

  it.skipIf(!fs.existsSync("/sys/kernel"))(
    "refuses a DATA_DIR it cannot write (even as root), naming DATA_DIR",
    async () => {
      // sysfs refuses new directories to everyone, root included (EPERM, or EROFS where it is mounted ro).
      const { output, elapsedMs } = await refusedStart({ DATA_DIR: "/sys/kernel/innkeep-data" });
      expect(output).toMatch(
        /innkeep: cannot start: DATA_DIR \/sys\/kernel\/innkeep-data is not writable \((EPERM|EROFS|EACCES)\)/,
      );
      expect(elapsedMs).toBeLessThan(FAST_MS);
    },
    60_000,
  );

  it.each([
    [
      "an unknown host",
      `postgres://postgres:${PASSWORD}@innkeep-db.invalid:5432/innkeep`,
      /ENOTFOUND|EAI_AGAIN|getaddrinfo/,
    ],
    [
      "a missing database",
      `postgres://postgres:${PASSWORD}@127.0.0.1:5432/innkeep_no_such_database`,
      /does not exist|password authentication failed|ECONNREFUSED/,
    ],
  ])(
    "fails fast naming DATABASE_URL when it points at %s, without printing the password",
    async (_name, url, cause) => {
      const { output, elapsedMs } = await refusedStart({ DATABASE_URL: url });
      expect(output).toContain(
        "innkeep: cannot start: database at DATABASE_URL: Cannot connect to DATABASE_URL",
      );
      expect(output).toMatch(cause);
      expect(elapsedMs).toBeLessThan(FAST_MS);
    },
    60_000,
  );

  it("fails fast naming DATABASE_URL when something other than PostgreSQL answers there", async () => {
    const impostor = net.createServer((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    const port = (impostor.address() as net.AddressInfo).port;
    try {
      const { output, elapsedMs } = await refusedStart({
        DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/innkeep`,
      });
      expect(output).toContain("innkeep: cannot start: database at DATABASE_URL");
      expect(elapsedMs).toBeLessThan(FAST_MS);
    } finally {
      impostor.close();
    }
  }, 60_000);

  it("stops naming the address when the port is taken, and releases DATA_DIR", async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    const dataDir = tempDir();
    try {
      const { output } = await refusedStart({ DATA_DIR: dataDir, PORT: String(port) });
      expect(output).toContain(`innkeep: cannot start: cannot listen on 127.0.0.1:${port}`);
      expect(output).toContain("EADDRINUSE");
      expect(fs.existsSync(path.join(dataDir, "innkeep.lock"))).toBe(false);
    } finally {
      taken.close();
    }
  }, 90_000);
});
