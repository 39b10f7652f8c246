/** Runs the real server entry point (src/server/main.ts) as a child process, as `npm start` would. */
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll } from "vitest";
import { freePort } from "./listening.js";

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
};

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env, PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/**
 * Servers still running when a test file ends (a test failed or timed out before stopping its own). Their
 * pipes would keep the test worker alive forever, so they are killed, whatever the test did.
 */
const running = new Set<ServerProcess>();
afterAll(async () => {
  for (const server of running) server.child.kill("SIGKILL");
  await Promise.all([...running].map((server) => server.exited));
});

/**
 * Stops a server as a supervisor would: SIGTERM, then SIGKILL if it has not exited within `graceMs`. A
 * server that needed SIGKILL did not shut down gracefully, which is an error.
 */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  const outcome = await Promise.race([server.exited, late]);
  clearTimeout(timer);
  if (outcome !== "late") return;
  server.child.kill("SIGKILL");
  await server.exited;
  throw new Error(`the server did not stop within ${graceMs} ms of SIGTERM:\n${server.output()}`);
}

/** Resolves when /api/health answers, or rejects with the server's output if it exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}
