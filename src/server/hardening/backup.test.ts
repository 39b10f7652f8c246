/**
 * Backups under load (docs/operations.md): `npm run backup` while a client streams creates into a running
 * server, then `npm run restore` into another database and a server on it: every create acknowledged before
 * the backup was asked for is there. PGlite (the running server takes the backup on SIGUSR1) and
 * PostgreSQL (pg_dump).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../test/listening.js";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/process.js";
import { type Hotel, listReservations, signInAndFurnish, stay } from "./crash-support.js";
import { createPostgresDatabase } from "./support.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `innkeep-${name}-`));
  dirs.push(dir);
  return dir;
};

/** Runs `npm run <script>` as an operator would (tsx), answering its output; rejects on a non-zero exit. */
function script(name: "backup" | "restore", env: Record<string, string>, args: string[] = []) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${name}: ${output}`))));
  });
}

async function backupUnderLoad(server: ServerProcess, hotel: Hotel, env: Record<string, string>) {
  const acknowledged: string[] = [];
  let sent = 0;
  let backupAsked = false;
  let done = false;
  let before: string[] = [];
  let backup: Promise<string> | undefined;
  const worker = async () => {
    while (!done) {
      const response = await fetch(`${server.baseUrl}/api/properties/${hotel.pid}/reservations`, {
        method: "POST",
        headers: { cookie: hotel.cookie, "content-type": "application/json" },
        body: JSON.stringify(stay(hotel, sent++)),
      });
      expect(response.status).toBe(201);
      acknowledged.push((await response.json()).id);
      if (acknowledged.length >= 30 && !backupAsked) {
        backupAsked = true;
        before = [...acknowledged];
        backup = script("backup", env).finally(() => {
          done = true;
        });
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const output = await (backup as Promise<string>);
  const file = output.trim().split("\n").at(-1) ?? "";
  expect(fs.existsSync(file), output).toBe(true);
  return { file, before, after: acknowledged.length };
}

async function restoredIds(env: Record<string, string>, email: string, pid: string) {
  const server = await spawnServer(env);
  await waitUntilReady(server);
  const { list } = await listReservations(server, email, pid);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return new Set(list.map((reservation) => reservation.id));
}

describe("backups taken under load", () => {
  it("restores every acknowledged create on PGlite (the server takes it on SIGUSR1)", async () => {
    const port = String(await freePort());
    const backups = tempDir("backups");
    const env = { DATA_DIR: tempDir("live"), BACKUP_DIR: backups, PORT: port };
    const server = await spawnServer(env);
    await waitUntilReady(server);
    const hotel = await signInAndFurnish(server, "backup-pglite@example.com");
    const { file, before } = await backupUnderLoad(server, hotel, env);
    expect(file).toMatch(/innkeep-\d{8}-\d{6}\.tar\.gz$/);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const restored = { ...env, DATA_DIR: path.join(tempDir("restored"), "data") };
    await script("restore", restored, [file]);
    const ids = await restoredIds(restored, "backup-pglite@example.com", hotel.pid);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
  }, 180_000);

  it.skipIf(!inject("postgresUrl"))(
    "restores every acknowledged create on PostgreSQL (pg_dump)",
    async () => {
      const live = await createPostgresDatabase();
      const target = await createPostgresDatabase();
      try {
        const port = String(await freePort());
        const env = { DATABASE_URL: live.url, BACKUP_DIR: tempDir("pg-backups"), PORT: port };
        const server = await spawnServer(env);
        await waitUntilReady(server);
        const hotel = await signInAndFurnish(server, "backup-postgres@example.com");
        const { file, before } = await backupUnderLoad(server, hotel, env);
        expect(file).toMatch(/\.pgdump$/);
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);

        const restored = { ...env, DATABASE_URL: target.url };
        await script("restore", restored, [file]);
        const ids = await restoredIds(restored, "backup-postgres@example.com", hotel.pid);
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        await live.drop();
        await target.drop();
      }
    },
    180_000,
  );
});
