// Bulk seeding through SQL (never the HTTP API): json_to_recordset inserts in batches, the same statements
// on PGlite and PostgreSQL. The change-notification triggers are disabled while seeding, so the bulk load
// does not raise hundreds of thousands of NOTIFYs, and enabled again afterwards.
import { createHash } from "node:crypto";

const NOTIFY_TRIGGERS = ["properties", "room_types", "rooms", "reservations", "rate_overrides"];
const BATCH = 10_000;

/** The development provider's subject for an email (src/server/auth/dev-provider.ts devSubject). */
export const devSubject = (email) =>
  createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);

/** The change-notification triggers of a table, found by the function they run (row- or statement-level). */
async function notifyTriggers(exec, table) {
  const { rows } = await exec(
    `select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = $1::regclass and p.proname like 'innkeep_notify_%' and p.proname <> 'innkeep_notify_access_revoked' and not t.tgisinternal`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function setTriggers(exec, enabled) {
  for (const table of NOTIFY_TRIGGERS) {
    for (const name of await notifyTriggers(exec, table)) {
      await exec(`alter table ${table} ${enabled ? "enable" : "disable"} trigger "${name}"`);
    }
  }
}

async function insertJson(exec, table, columns, rows, returning = "") {
  const out = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const names = columns.map(([name]) => name).join(", ");
    const types = columns.map(([name, type]) => `${name} ${type}`).join(", ");
    const result = await exec(
      `insert into ${table} (${names}) select ${names} from json_to_recordset($1::json) as x(${types}) ${returning}`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    );
    out.push(...result.rows);
  }
  return out;
}

/**
 * The owner (the user the development provider signs in for `email`), their property and its inventory.
 * Returns the ids the reservations need.
 */
export async function seedProperty(exec, { issuer, email, name, data }) {
  await setTriggers(exec, false);
  try {
    const [user] = (
      await exec(
        `insert into users (issuer, subject, email, email_verified, display_name)
         values ($1, $2, $3, true, $4) returning id`,
        [issuer, devSubject(email), email.toLowerCase(), name],
      )
    ).rows;
    const [property] = (
      await exec(
        `insert into properties (owner_id, name, code, currency, time_zone)
         values ($1, $2, $3, 'INR', 'Asia/Kolkata') returning id`,
        [user.id, name, `PROP-${user.id.slice(0, 6).toUpperCase()}`],
      )
    ).rows;
    const pid = property.id;
    await exec(`insert into property_members (property_id, user_id, role) values ($1, $2, 'owner')`, [
      pid,
      user.id,
    ]);
    const typeRows = await insertJson(
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
    const typeIds = data.roomTypes.map((t) => typeId.get(t.name));
    const roomRows = await insertJson(
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
        room_type_name: data.roomTypes[r.type].name,
        hk_status: ["clean", "dirty", "inspected", "in_progress"][i % 4],
      })),
      "returning id, number",
    );
    const roomId = new Map(roomRows.map((r) => [r.number, r.id]));
    const roomIds = data.rooms.map((r) => roomId.get(r.number));
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

/** Inserts reservations `from`..`to` (indexes into data.reservations) for a seeded property. */
export async function seedReservations(exec, ids, data, from, to) {
  if (to <= from) return;
  await setTriggers(exec, false);
  try {
    await insertJson(
      exec,
      "reservations",
      [
        ["property_id", "uuid"],
        ["code", "text"],
        ["guest_name", "text"],
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
      ],
      data.reservations.slice(from, to).map((r) => ({
        property_id: ids.pid,
        code: r.code,
        guest_name: r.guestName,
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
        balance: r.balance,
        created_by: ids.userId,
        created_at: r.createdAt,
        updated_at: r.createdAt,
      })),
    );
    // Rooms with a guest in house are occupied.
    await exec(
      `update rooms set status = 'occupied' where property_id = $1 and id in
         (select room_id from reservations where property_id = $1 and status = 'checked_in') and status <> 'occupied'`,
      [ids.pid],
    );
    await exec("analyze");
  } finally {
    await setTriggers(exec, true);
  }
}
