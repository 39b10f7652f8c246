// The room-type inventory check, A/B in one run: creates with the check as migrated, then with its two
// functions (the per-property advisory lock and the sold-out test) replaced by no-ops, then restored. The
// rollup those functions read is still maintained in both: it existed before the check and feeds the report.
import { type Backend, type Exec, execOf } from "./backends.js";
import type { Client } from "./http.js";
import { createLoad, createRuns, type Load, type Slots } from "./measure.js";
import type { Server } from "./server.js";

const FUNCTIONS = [
  ["innkeep_check_inventory(uuid, uuid, date, date)", "p_property uuid, p_type uuid, p_from date, p_to date"],
  ["innkeep_inventory_lock(uuid, uuid)", "p_property uuid, p_type uuid"],
] as const;

export type InventoryFigures = { withCheck: Load; withoutCheck: Load; drop: number };

async function withDatabase<T>(backend: Backend, work: (exec: Exec) => Promise<T>): Promise<T> {
  const database = await backend.open(false);
  try {
    return await work(execOf(database));
  } finally {
    await database.close();
  }
}

/** The server must be stopped (PGlite's data directory is locked while it runs); it is left stopped. */
export async function inventoryAB({
  backend,
  server,
  client,
  pid,
  slots,
  reps,
  log,
}: {
  backend: Backend;
  server: Server;
  client: Client;
  pid: string;
  slots: Slots;
  reps: { creates: number };
  log: (message: string) => void;
}): Promise<InventoryFigures> {
  const originals = await withDatabase(backend, async (exec) => {
    const defs: string[] = [];
    for (const [signature] of FUNCTIONS) {
      const { rows } = await exec<{ def: string }>(`select pg_get_functiondef($1::regprocedure) as def`, [
        signature,
      ]);
      if (!rows[0]) throw new Error(`no function ${signature}`);
      defs.push(rows[0].def);
    }
    return defs;
  });
  const measure = async (label: string) => {
    log(`${backend.name}: creates (c16) ${label}`);
    await server.start();
    await createLoad(client, pid, slots, { count: 48, concurrency: 16 });
    const figures = await createRuns(client, pid, slots, { runs: 3, count: reps.creates, concurrency: 16 });
    await server.stop();
    return figures;
  };
  const withCheck = await measure("with the inventory check");
  await withDatabase(backend, async (exec) => {
    for (const [signature, args] of FUNCTIONS) {
      const name = signature.slice(0, signature.indexOf("("));
      await exec(
        `create or replace function ${name}(${args}) returns void language plpgsql as $$ begin end $$`,
      );
    }
  });
  let withoutCheck: Load;
  try {
    withoutCheck = await measure("without it (its functions replaced by no-ops)");
  } finally {
    await withDatabase(backend, async (exec) => {
      for (const def of originals) await exec(def);
    });
  }
  return { withCheck, withoutCheck, drop: 1 - withCheck.perSecond / withoutCheck.perSecond };
}
