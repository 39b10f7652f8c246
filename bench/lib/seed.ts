// Bulk seeding through SQL (never the HTTP API): json_to_recordset inserts in batches, the same statements
// on PGlite and PostgreSQL. The change-notification triggers are disabled while seeding, so the bulk load
// does not raise hundreds of thousands of NOTIFYs, and enabled again afterwards. The reservations' per-row
// triggers whose work can be done once per load are disabled too, and that work is done once per load with the
// database's own functions (seedReservations). Guest profiles are loaded with the stays that need them.
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, PROPERTY_CODE_PREFIX } from "../../src/domain/constants.js";
import { devSubject } from "../../src/server/auth/dev-provider.js";
import type { Exec } from "./backends.js";
import { BATCH, type Column, insertJson } from "./bulk.js";
import { dayToIso, type GeneratedProperty, isoToDay } from "./dataset.js";
import { guestId, guestProfile, seedGuests } from "./guest-profiles.js";

const NOTIFY_TRIGGERS = ["properties", "room_types", "rooms", "reservations", "rate_overrides", "guests"];

/** The database ids of a seeded property; indexes follow the generated data's. */
export type SeededIds = { userId: string; pid: string; typeIds: string[]; roomIds: string[] };

/** The change-notification triggers of a table, found by the function they run (row- or statement-level). */
async function notifyTriggers(exec: Exec, table: string): Promise<string[]> {
  const { rows } = await exec<{ name: string }>(
    `select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = $1::regclass and p.proname like 'innkeep_notify_%' and p.proname <> 'innkeep_notify_access_revoked' and not t.tgisinternal`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function setTriggers(exec: Exec, enabled: boolean): Promise<void> {
  for (const table of NOTIFY_TRIGGERS) {
    for (const name of await notifyTriggers(exec, table)) {
      await exec(`alter table ${table} ${enabled ? "enable" : "disable"} trigger "${name}"`);
    }
  }
}

/**
 * Row triggers on reservations that a bulk load replaces, by the function they run:
 * - the rollup (`room_nights`): rebuilt once per load, summed per room type, night and rate, through the
 *   rollup's own `innkeep_room_nights_put` (it adds, so one call per group equals one call per stay);
 * - the room lock, type and block check (`innkeep_lock_room_for_stay`, migration 0018): it serialises
 *   concurrent bookings of a room, the generated rooms are of their stays' types and no room blocks are
 *   seeded; the exclusion constraint still refuses any double booking;
 * - the balance (`innkeep_reservation_balance`: the total less payments): no payments are seeded, so each
 *   balance is its total, written as such.
 * - the guest copy (`innkeep_stay_guest`: a stay's guest name, phone and email are its profile's): the seeder
 *   writes the profile's values onto each stay itself, from the same generated profile.
 * The inventory check that the rollup trigger runs is run once per room type over the loaded nights.
 */
const BULK_REPLACED = [
  "innkeep_room_nights_sync",
  "innkeep_lock_room_for_stay",
  "innkeep_reservation_balance",
  "innkeep_stay_guest",
];

async function setBulkTriggers(exec: Exec, enabled: boolean): Promise<void> {
  const { rows } = await exec<{ name: string }>(
    `select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = 'reservations'::regclass and p.proname = any($1) and not t.tgisinternal`,
    [BULK_REPLACED],
  );
  if (rows.length !== BULK_REPLACED.length) {
    throw new Error(`expected reservations triggers running ${BULK_REPLACED.join(", ")}; the schema changed`);
  }
  for (const { name } of rows) {
    await exec(`alter table reservations ${enabled ? "enable" : "disable"} trigger "${name}"`);
  }
}

const HK_CYCLE = ["clean", "dirty", "inspected", "in_progress"] as const;

/**
 * The owner (the user the development provider signs in for `email`), their property and its inventory.
 * Returns the ids the reservations need.
 */
export async function seedProperty(
  exec: Exec,
  { issuer, email, name, data }: { issuer: string; email: string; name: string; data: GeneratedProperty },
): Promise<SeededIds> {
  await setTriggers(exec, false);
  try {
    const [user] = (
      await exec<{ id: string }>(
        `insert into users (issuer, subject, email, email_verified, display_name)
         values ($1, $2, $3, true, $4) returning id`,
        [issuer, devSubject(email), email.toLowerCase(), name],
      )
    ).rows;
    if (!user) throw new Error("no user row");
    const [property] = (
      await exec<{ id: string }>(
        `insert into properties (owner_id, name, code, currency, time_zone)
         values ($1, $2, $3, $4, $5) returning id`,
        [
          user.id,
          name,
          `${PROPERTY_CODE_PREFIX}${user.id.slice(0, 6).toUpperCase()}`,
          DEFAULT_CURRENCY,
          DEFAULT_TIME_ZONE,
        ],
      )
    ).rows;
    if (!property) throw new Error("no property row");
    const pid = property.id;
    await exec(`insert into property_members (property_id, user_id, role) values ($1, $2, 'owner')`, [
      pid,
      user.id,
    ]);
    const typeRows = await insertJson<{ id: string; name: string }>(
      exec,
      "room_types",
      [
        ["property_id", "uuid"],
        ["name", "text"],
        ["capacity", "int"],
        ["base_rate", "numeric"],
      ],
      data.roomTypes.map((t) => ({
        property_id: pid,
        name: t.name,
        capacity: t.capacity,
        base_rate: t.baseRate,
      })),
      "returning id, name",
    );
    const typeId = new Map(typeRows.map((r) => [r.name, r.id]));
    const typeIds = data.roomTypes.map((t) => typeId.get(t.name) as string);
    const roomRows = await insertJson<{ id: string; number: string }>(
      exec,
      "rooms",
      [
        ["property_id", "uuid"],
        ["number", "text"],
        ["floor", "int"],
        ["room_type_id", "uuid"],
        ["room_type_name", "text"],
        ["hk_status", "text"],
      ],
      data.rooms.map((r, i) => ({
        property_id: pid,
        number: r.number,
        floor: r.floor,
        room_type_id: typeIds[r.type],
        room_type_name: data.roomTypes[r.type]?.name,
        hk_status: HK_CYCLE[i % HK_CYCLE.length],
      })),
      "returning id, number",
    );
    const roomId = new Map(roomRows.map((r) => [r.number, r.id]));
    const roomIds = data.rooms.map((r) => roomId.get(r.number) as string);
    await insertJson(
      exec,
      "rate_overrides",
      [
        ["property_id", "uuid"],
        ["date", "date"],
        ["room_type_id", "uuid"],
        ["price", "numeric"],
      ],
      data.overrides.map((o) => ({
        property_id: pid,
        date: o.date,
        room_type_id: o.type === null ? null : typeIds[o.type],
        price: o.price,
      })),
    );
    return { userId: user.id, pid, typeIds, roomIds };
  } finally {
    await setTriggers(exec, true);
  }
}

const RESERVATION_COLUMNS: Column[] = [
  ["property_id", "uuid"],
  ["code", "text"],
  ["guest_id", "uuid"],
  ["guest_name", "text"],
  ["guest_phone", "text"],
  ["guest_email", "text"],
  ["room_type_id", "uuid"],
  ["room_id", "uuid"],
  ["adults", "int"],
  ["children", "int"],
  ["check_in_date", "date"],
  ["check_out_date", "date"],
  ["nights", "int"],
  ["status", "text"],
  ["total", "numeric"],
  ["nightly_rates", "numeric[]"],
  ["balance", "numeric"],
  ["created_by", "uuid"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];

/**
 * The loaded stays' nights, counted per room type, night, rate and status: what the rollup trigger would have
 * added one stay at a time. The database decides which statuses sell or hold a night.
 */
function nightCounts(ids: SeededIds, data: GeneratedProperty, from: number, to: number) {
  const counts = new Map<
    string,
    { type: string; night: string; rate: number; status: string; count: number }
  >();
  for (let i = from; i < to; i++) {
    const r = data.reservations[i];
    if (!r) continue;
    const checkIn = isoToDay(r.checkIn);
    r.nightlyRates.forEach((rate, n) => {
      const night = dayToIso(checkIn + n);
      const key = `${r.type}|${night}|${rate}|${r.status}`;
      const group = counts.get(key);
      if (group) group.count++;
      else counts.set(key, { type: ids.typeIds[r.type] as string, night, rate, status: r.status, count: 1 });
    });
  }
  return [...counts.values()];
}

async function rebuildRollup(exec: Exec, ids: SeededIds, data: GeneratedProperty, from: number, to: number) {
  const groups = nightCounts(ids, data, from, to);
  for (let i = 0; i < groups.length; i += BATCH) {
    await exec(
      `select innkeep_room_nights_put($1, g.type, g.night, array[g.rate], g.sold, g.held, 0)
         from (select type, night, rate,
                      sum(case when innkeep_is_sold(status) then count else 0 end)::int as sold,
                      sum(case when innkeep_holds_room(status) then count else 0 end)::int as held
                 from json_to_recordset($2::json) as x(type uuid, night date, rate numeric, status text, count int)
                group by type, night, rate) g
        where g.sold + g.held > 0
        order by g.night, g.type`,
      [ids.pid, JSON.stringify(groups.slice(i, i + BATCH))],
    );
  }
  // The check the rollup trigger runs for each stay, once per room type (and for stays without one).
  const nights = groups.map((g) => g.night).sort();
  const first = nights[0];
  const last = nights.at(-1);
  if (first === undefined || last === undefined) return;
  await exec(
    `select innkeep_check_inventory($1, t.id, $2::date, $3::date + 1)
       from (select id from room_types where property_id = $1 union all select null) t`,
    [ids.pid, first, last],
  );
}

/**
 * Inserts reservations `from`..`to` (indexes into data.reservations) for a seeded property, a batch at a time
 * (each batch's rows are built just before it is sent, so millions of stays never exist twice in memory),
 * then brings the rollup up to date (see BULK_REPLACED). `onBatch` hears how many are in after each batch.
 */
export async function seedReservations(
  exec: Exec,
  ids: SeededIds,
  data: GeneratedProperty,
  from: number,
  to: number,
  onBatch?: (done: number) => void,
): Promise<void> {
  if (to <= from) return;
  await setTriggers(exec, false);
  await setBulkTriggers(exec, false);
  try {
    const guests = data.guests.count;
    await seedGuests(exec, ids.pid, data, Math.min(from, guests), Math.min(to, guests));
    for (let start = from; start < to; start += BATCH) {
      const rows = data.reservations.slice(start, Math.min(to, start + BATCH)).map((r) => {
        const guest = guestProfile(data.guests.seed, r.guest);
        return {
          property_id: ids.pid,
          code: r.code,
          guest_id: guestId(data.guests.seed, r.guest),
          guest_name: guest.name,
          guest_phone: guest.phone,
          guest_email: guest.email,
          room_type_id: ids.typeIds[r.type],
          room_id: r.room === null ? null : ids.roomIds[r.room],
          adults: r.adults,
          children: 0,
          check_in_date: r.checkIn,
          check_out_date: r.checkOut,
          nights: r.nights,
          status: r.status,
          total: r.total,
          nightly_rates: r.nightlyRates,
          balance: r.total, // no payments (BULK_REPLACED)
          created_by: ids.userId,
          created_at: r.createdAt,
          updated_at: r.createdAt,
        };
      });
      await insertJson(exec, "reservations", RESERVATION_COLUMNS, rows);
      onBatch?.(Math.min(to, start + BATCH) - from);
    }
    await rebuildRollup(exec, ids, data, from, to);
    // Rooms with a guest in house are occupied.
    await exec(
      `update rooms set status = 'occupied' where property_id = $1 and id in
         (select room_id from reservations where property_id = $1 and status = 'checked_in') and status <> 'occupied'`,
      [ids.pid],
    );
    // As autovacuum (PostgreSQL) or the server's table maintenance (PGlite) would after a load this size, so
    // neither runs its first pass during the measurements. The application's tables only, as that maintenance
    // does: a database-wide VACUUM ANALYZE fails on PGlite's catalog statistics.
    const { rows } = await exec<{ name: string }>(
      "select format('%I', relname) as name from pg_stat_user_tables where schemaname = 'public'",
    );
    await exec(`vacuum (analyze) ${rows.map((row) => row.name).join(", ")}`);
  } finally {
    await setBulkTriggers(exec, true);
    await setTriggers(exec, true);
  }
}
