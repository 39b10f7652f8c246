/**
 * The server as a process: start-up checks, the DATA_DIR lock, data surviving a restart, and graceful
 * shutdown on SIGTERM.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, waitUntilReady } from "./test/process.js";
import { signInThroughProvider } from "./test/sign-in.js";

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-main-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("server process", () => {
  it("refuses a second server on the same DATA_DIR, keeps data across a restart and exits 0 on SIGTERM", async () => {
    const dataDir = tempDataDir();
    const first = await spawnServer({ DATA_DIR: dataDir });
    await waitUntilReady(first);
    expect(first.output()).toContain("Innkeep is ready");

    const second = await spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another Innkeep process");

    // Write through the public API: sign in and rename the property created on first visit.
    const { client } = await signInThroughProvider(first, "keeper@example.com", "Keeper");
    const property = await (await client.fetch("/api/property")).json();
    const renamed = await client.fetch(`/api/properties/${property.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Survivor Lodge", currency: "EUR", timeZone: "Europe/Lisbon" }),
    });
    expect(renamed.status).toBe(200);
    const lockFile = path.join(dataDir, "innkeep.lock");
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    // Same port: the development provider's issuer URL (part of each user's identity) includes it.
    const port = new URL(first.baseUrl).port;
    const restarted = await spawnServer({ DATA_DIR: dataDir, PORT: port });
    await waitUntilReady(restarted);
    const again = await signInThroughProvider(restarted, "keeper@example.com", "Keeper");
    const after = await (await again.client.fetch("/api/property")).json();
    expect(after).toMatchObject({
      id: property.id,
      name: "Survivor Lodge",
      currency: "EUR",
      timeZone: "Europe/Lisbon",
    });
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  }, 120_000);

  it("takes over a lock left by a process that no longer exists (SIGKILL)", async () => {
    const dataDir = tempDataDir();
    const first = await spawnServer({ DATA_DIR: dataDir });
    await waitUntilReady(first);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, "innkeep.lock"))).toBe(true);
    const second = await spawnServer({ DATA_DIR: dataDir });
    await waitUntilReady(second);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("stops at start-up with a message naming an invalid variable", async () => {
    const server = await spawnServer({ DATA_DIR: tempDataDir(), LOG_LEVEL: "loud" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("innkeep: cannot start: Invalid configuration: LOG_LEVEL");
  }, 30_000);

  it("fails fast naming DATA_DIR when it cannot be created", async () => {
    // A path below a regular file can never be a directory, even for root (who ignores permissions).
    const file = path.join(tempDataDir(), "not-a-directory");
    fs.writeFileSync(file, "");
    const server = await spawnServer({ DATA_DIR: path.join(file, "data") });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("DATA_DIR");
  }, 30_000);

  it("fails fast with the cause when DATABASE_URL is unreachable", async () => {
    const server = await spawnServer({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/innkeep" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("DATABASE_URL");
  }, 30_000);
});
