/**
 * The DATA_DIR lock (data-dir-lock.ts): held by one process at a time, refused with the holder's pid, not
 * fooled by a pid in a lock file that nobody holds, and never granted twice when processes contend.
 * Contenders are real processes: the lock is the kernel's, so only separate processes show what it does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from "./data-dir-lock.js";

const LOCK_MODULE = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-lock-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `body` (an ES module's text, with `acquireDataDirLock` imported) in a new Node process. */
function runNode(body: string, args: string[]): ChildProcess & { output: () => string } {
  const script = path.join(tempDir(), "contender.mjs");
  fs.writeFileSync(script, `import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};\n${body}`);
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return Object.assign(child, { output: () => output });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("DATA_DIR lock", () => {
  it("is held once: a second open of the lock is refused naming DATA_DIR and the pid; release frees it", async () => {
    const dataDir = tempDir();
    const release = await acquireDataDirLock(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));

    // Even within one process: the lock belongs to the open file, not to the process.
    const refused = acquireDataDirLock(dataDir);
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another Innkeep process (pid ${process.pid}); stop it or choose another DATA_DIR`,
    );

    release();
    release(); // a second call is harmless
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await acquireDataDirLock(dataDir);
    again();
  });

  it("takes over a lock file naming a live process that does not hold it (a reused pid)", async () => {
    const dataDir = tempDir();
    const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(unrelated);
    const lockFile = path.join(dataDir, LOCK_FILE);
    fs.writeFileSync(lockFile, String(unrelated.pid));
    const release = await acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    unrelated.kill("SIGKILL");
  });

  it("refuses while another process holds it, and is free the moment that process is killed", async () => {
    const dataDir = tempDir();
    const holder = runNode(
      'await acquireDataDirLock(process.argv[2]);\nconsole.log("held");\nsetInterval(() => {}, 1000);',
      [dataDir],
    );
    await waitFor(() => holder.output().includes("held"), "the holder to lock");
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `is in use by another Innkeep process (pid ${holder.pid})`,
    );
    holder.kill("SIGKILL");
    await exited(holder);
    // The lock file is still there, with the dead holder's pid, and does not matter.
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).toBe(String(holder.pid));
    const release = await acquireDataDirLock(dataDir);
    release();
  }, 30_000);

  it("is never held by two processes, however they contend (lock, hold, release, again)", async () => {
    const dataDir = tempDir();
    const log = path.join(dataDir, "holders.log");
    // Each contender loops for a fixed time: lock, note entering, hold a few ms, note leaving, release.
    const body = `
import fs from "node:fs";
const [dataDir, log] = process.argv.slice(2);
const until = Date.now() + 2500;
let held = 0;
while (Date.now() < until) {
  let release;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (error) {
    if (error.name !== "DataDirLockedError") throw error;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    continue;
  }
  fs.appendFileSync(log, "enter " + process.pid + "\\n");
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
  fs.appendFileSync(log, "leave " + process.pid + "\\n");
  release();
  held++;
}
console.log("held " + held);
`;
    const contenders = Array.from({ length: 6 }, () => runNode(body, [dataDir, log]));
    const codes = await Promise.all(contenders.map(exited));
    expect(codes, contenders.map((c) => c.output()).join("\n---\n")).toEqual(contenders.map(() => 0));

    const lines = fs.readFileSync(log, "utf8").trim().split("\n");
    let holder: string | undefined;
    for (const line of lines) {
      const [event, pid] = line.split(" ");
      if (event === "enter") {
        expect(holder, `${pid} entered while ${holder} held the lock`).toBeUndefined();
        holder = pid;
      } else {
        expect(pid).toBe(holder);
        holder = undefined;
      }
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 30_000);
});
