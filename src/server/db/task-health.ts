/**
 * The health of the server's background work on the database: the live feed's reads and the webhook relay's
 * claims. Either one failing would otherwise go unnoticed (streams and receivers just fall silent), so each
 * failure is logged by the task and kept here until the task's next success; GET /api/health reports the
 * failing ones (modules/health/routes.ts). Kept per `Database`, like the damage record in health-state.ts.
 */
import type { Database } from "./connect.js";
import { pgErrorCode } from "./errors.js";

export const BACKGROUND_TASKS = ["live updates", "webhook delivery"] as const;
export type BackgroundTask = (typeof BACKGROUND_TASKS)[number];

export type TaskFailure = { task: BackgroundTask; failingSince: string; sqlState?: string };

/** What a task tells health: a failure (kept from the first until a success), or a success. */
export type TaskReporter = { failed(error: unknown): void; succeeded(): void };

const failures = new WeakMap<Database, Map<BackgroundTask, TaskFailure>>();

function failuresOf(database: Database): Map<BackgroundTask, TaskFailure> {
  let map = failures.get(database);
  if (!map) {
    map = new Map();
    failures.set(database, map);
  }
  return map;
}

export function taskReporter(database: Database, task: BackgroundTask): TaskReporter {
  return {
    failed(error) {
      const map = failuresOf(database);
      if (map.has(task)) return;
      const sqlState = pgErrorCode(error);
      map.set(task, { task, failingSince: new Date().toISOString(), ...(sqlState ? { sqlState } : {}) });
    },
    succeeded() {
      failuresOf(database).delete(task);
    },
  };
}

/** The background tasks failing now, in a fixed order. */
export function failingTasks(database: Database): TaskFailure[] {
  const map = failuresOf(database);
  return BACKGROUND_TASKS.flatMap((task) => {
    const failure = map.get(task);
    return failure ? [failure] : [];
  });
}
