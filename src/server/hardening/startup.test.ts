/**
 * Start-up in a bad environment, beyond what main.test.ts and config.test.ts cover: a DATA_DIR not
 * writable, DATABASE_URL pointing at an unknown host, a missing database or something that is not
 * PostgreSQL, and a port already taken. Each must stop the server quickly (exit 1) with a message naming the
 * cause, never leak the database password, and leave no lock behind. Then the DATA_DIR itself (decision
 * 003): a damaged directory is refused and left as it was, a lock file nobody holds (a reused pid, a hot
 * copy) does not block, and of two servers started together on one directory exactly one runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/listening.js";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/process.js";

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

/** Starts a server on `dataDir` and waits until it answers (its child is killed after the suite). */
async function readyServer(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer({ DATA_DIR: dataDir });
  children.push(server.child);
  await waitUntilReady(server);
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited, server.output()).toBe(0);
}

/** A data directory a real server created (marker included), stopped cleanly; made once, then copied. */
let realDataDir: Promise<string> | undefined;
function copyOfRealDataDir(): Promise<string> {
  realDataDir ??= (async () => {
    const dataDir = tempDir();
    const server = await readyServer(dataDir);
    await stopServer(server);
    expect(fs.existsSync(path.join(dataDir, "innkeep-cluster.json"))).toBe(true);
    return dataDir;
  })();
  return realDataDir.then((source) => {
    const copy = tempDir();
    fs.cpSync(source, copy, { recursive: true });
    return copy;
  });
}

/** PGlite's files, less the relation-cache files PostgreSQL itself deletes whenever it starts. */
function clusterFiles(dataDir: string): string[] {
  return fs
    .readdirSync(path.join(dataDir, "pglite"), { recursive: true })
    .map(String)
    .filter((file) => !file.endsWith("pg_internal.init"))
    .sort();
}

describe("DATA_DIR at start-up", () => {
  it.each([
    ["PG_VERSION", "pglite/PG_VERSION is missing, so PGlite would start a new, empty database over it"],
    ["global/pg_control", "pglite/global/pg_control is missing"],
    ["base/5/1259", "PGlite cannot open pglite/"],
  ])(
    "refuses a directory missing pglite/%s, says what to do, and leaves it as it was",
    async (file, problem) => {
      const dataDir = await copyOfRealDataDir();
      fs.rmSync(path.join(dataDir, "pglite", file));
      const before = clusterFiles(dataDir);
      const { output, elapsedMs } = await refusedStart({ DATA_DIR: dataDir });
      expect(output).toContain(`innkeep: cannot start: database in DATA_DIR ${dataDir}:`);
      expect(output).toContain(problem);
      expect(output).toContain("Innkeep did not start and changed nothing there");
      expect(output).toContain("Restore the whole DATA_DIR from a backup");
      expect(output).not.toContain("Innkeep is ready");
      // Not re-initialised: the missing file is still missing, and every other file is still there.
      expect(fs.existsSync(path.join(dataDir, "pglite", file))).toBe(false);
      expect(clusterFiles(dataDir)).toEqual(before);
      expect(fs.existsSync(path.join(dataDir, "innkeep.lock"))).toBe(false);
      expect(elapsedMs).toBeLessThan(FAST_MS);
    },
    120_000,
  );

  it("refuses a directory whose cluster is not the one its marker records", async () => {
    const dataDir = await copyOfRealDataDir();
    const markerFile = path.join(dataDir, "innkeep-cluster.json");
    const marker = JSON.parse(fs.readFileSync(markerFile, "utf8"));
    fs.writeFileSync(markerFile, JSON.stringify({ ...marker, systemIdentifier: "42" }));
    const { output } = await refusedStart({ DATA_DIR: dataDir });
    expect(output).toContain(
      `pglite/ holds PostgreSQL cluster ${marker.systemIdentifier}, but innkeep-cluster.json records cluster 42`,
    );
    expect(output).toContain("Restore the whole DATA_DIR from a backup");
  }, 120_000);

  it("starts on a new, empty directory and records its marker", async () => {
    const dataDir = path.join(tempDir(), "new");
    const server = await readyServer(dataDir);
    expect(fs.existsSync(path.join(dataDir, "innkeep-cluster.json"))).toBe(true);
    await stopServer(server);
  }, 120_000);

  it("takes over a lock file naming a live process that does not hold the lock (a reused pid)", async () => {
    const dataDir = await copyOfRealDataDir();
    // Any live process will do: the pid in the file is never trusted, only the operating system's lock.
    const unrelated = spawn("sleep", ["60"], { stdio: "ignore" });
    children.push(unrelated);
    const lockFile = path.join(dataDir, "innkeep.lock");
    fs.writeFileSync(lockFile, String(unrelated.pid));
    const server = await readyServer(dataDir);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(server.child.pid));
    await stopServer(server);
    unrelated.kill("SIGKILL");
  }, 120_000);

  it("starts a hot copy of a running directory, whose copied lock file nobody holds", async () => {
    const originalDir = await copyOfRealDataDir();
    const original = await readyServer(originalDir);
    const dataDir = tempDir();
    fs.cpSync(originalDir, dataDir, { recursive: true });
    expect(fs.readFileSync(path.join(dataDir, "innkeep.lock"), "utf8")).toBe(String(original.child.pid));
    const copy = await readyServer(dataDir);
    await stopServer(copy);
    await stopServer(original);
  }, 120_000);

  it("runs exactly one of two servers started together on one directory; the other names it", async () => {
    const dataDir = tempDir();
    for (let round = 0; round < 3; round++) {
      const pair = await Promise.all([
        spawnServer({ DATA_DIR: dataDir }),
        spawnServer({ DATA_DIR: dataDir }),
      ]);
      for (const server of pair) children.push(server.child);
      const ready = await Promise.all(
        pair.map((server) =>
          waitUntilReady(server, 90_000).then(
            () => true,
            () => false,
          ),
        ),
      );
      const outputs = pair.map((server) => server.output());
      expect(ready.filter(Boolean), outputs.join("\n---\n")).toHaveLength(1);
      const winner = pair[ready.indexOf(true)] as ServerProcess;
      const loser = pair[ready.indexOf(false)] as ServerProcess;
      expect(await loser.exited).toBe(1);
      expect(loser.output()).toMatch(
        new RegExp(
          `innkeep: cannot start: DATA_DIR ${dataDir} is in use by another Innkeep process \\(pid (${winner.child.pid}|unknown)\\)`,
        ),
      );
      await stopServer(winner);
    }
  }, 300_000);
});
