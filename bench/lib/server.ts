// Runs the built server (`node dist/server/main.js`) as a child process on its own port and database, and
// reads its resident memory and CPU time from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const HEALTH = "/api/health";

/** CPU time a process has used so far, user and system, in ms (from /proc; 100 ticks a second); NaN once gone. */
export function processCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return Number.NaN; // the process has exited
  }
  // The fields after the command (which may hold spaces) start at the state, field 3; utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export class Server {
  readonly baseUrl: string;
  private child: ChildProcess | undefined;
  private stderr = "";

  constructor(readonly options: { port: number; env: Record<string, string>; nodeArgs?: string[] }) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  get port(): number {
    return this.options.port;
  }

  /**
   * Refuses a port something already answers on: its health answers would be measured instead of ours, and it
   * may be another bench run on the same data directory or database.
   */
  async assertPortFree(): Promise<void> {
    const taken = await fetch(`${this.baseUrl}${HEALTH}`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${this.port} is already in use; stop whatever listens there`);
  }

  /** Starts the server and resolves with the milliseconds from spawn to the first healthy answer. */
  async start(): Promise<number> {
    await this.assertPortFree();
    const started = performance.now();
    this.stderr = "";
    const child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), "dist/server/main.js"], {
      env: {
        // The seeded data's years of stays would be closed day by day under the load being measured; the
        // day close has its own measurement.
        DAY_CLOSE_AUTOMATIC: "0",
        ...process.env,
        ...this.options.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.child = child;
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit); // never leave a server behind when the bench fails
    child.once("exit", () => process.off("exit", killOnExit));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for (;;) {
      const failed = await Promise.race([exited.then(() => true), sleep(25).then(() => false)]);
      if (failed) throw new Error(`server exited during start-up: ${this.stderr}`);
      const healthy = await fetch(`${this.baseUrl}${HEALTH}`)
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy) return performance.now() - started;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  /** Resident set size in MB (VmRSS of the server process). */
  rssMb(): number {
    if (!this.child?.pid) return Number.NaN;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${this.child.pid}/status`, "utf8");
    } catch {
      return Number.NaN; // the process has exited
    }
    const match = /VmRSS:\s+(\d+)/.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  }

  /** CPU time the server process has used so far, in ms (processCpuMs). */
  cpuMs(): number {
    return this.child?.pid ? processCpuMs(this.child.pid) : Number.NaN;
  }

  /** Samples RSS every `everyMs` until the returned stop function is called; it resolves with the peak. */
  sampleRss(everyMs = 50): () => number {
    let peak = this.rssMb();
    const timer = setInterval(() => {
      const rss = this.rssMb();
      if (rss > peak) peak = rss;
    }, everyMs);
    return () => {
      clearInterval(timer);
      const rss = this.rssMb();
      return rss > peak ? rss : peak;
    };
  }
}
