/**
 * Naming the records a page of the log is about, so that an entry reads "Room 204: clean → dirty" and not
 * "Room hk status changed": one query per kind of record on the page (at most the page's size of ids), each
 * keyed by property and id, so on Citus each runs on the property's own node. A record deleted since is
 * named from what its entries stored.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ActivitySubject } from "../../../domain/schemas/activity.js";
import type { Db } from "../../db/connect.js";
import {
  apiTokens,
  guests,
  invitations,
  products,
  properties,
  rateOverrides,
  ratePlans,
  reservations,
  roomBlocks,
  rooms,
  roomTypes,
  taxRates,
  users,
  webhooks,
} from "../../db/schema.js";
import type { Changes } from "./record.js";
import type { ActivityRow } from "./service.js";

export type Named = { subject: ActivitySubject | null; names: Record<string, string> };

const EMPTY: ActivitySubject = { name: null, code: null, room: null, date: null, roomType: null };

/** Fields whose values are ids of these kinds of record: their names are looked up. */
const ROOM_TYPE_ID_FIELDS = ["roomTypeId", "roomTypeIds"];
const ROOM_ID_FIELDS = ["roomId"];
const RATE_PLAN_ID_FIELDS = ["ratePlanId"];

function stored(changes: Changes, field: string): string | null {
  const change = changes[field];
  const value = change?.after ?? change?.before;
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

function idsIn(changes: Changes, fields: readonly string[]): string[] {
  // A list of ids (a rate plan's room types) names each of them.
  return fields.flatMap((field) =>
    [changes[field]?.before, changes[field]?.after].flat().filter((v): v is string => typeof v === "string"),
  );
}

/** What an entry itself says about its record (all there is once the record is deleted). */
function fromChanges(row: ActivityRow): ActivitySubject {
  const changes = row.changes as Changes;
  const text = (field: string) => stored(changes, field);
  switch (row.entityType) {
    case "room":
      return { ...EMPTY, name: text("number"), roomType: text("roomTypeName") };
    case "reservation":
      return { ...EMPTY, name: text("guestName"), code: text("code"), room: text("roomNumber") };
    case "rate_override":
      return { ...EMPTY, date: text("date") };
    case "room_block":
      return { ...EMPTY, room: text("roomNumber"), date: text("startDate") };
    case "invitation":
      return { ...EMPTY, name: text("email") };
    case "webhook":
      return { ...EMPTY, name: text("url") };
    default:
      return { ...EMPTY, name: text("name") };
  }
}

type Lookup = Map<string, Partial<ActivitySubject>>;

/** The subject and referenced names of each entry of `rows`, by entry id. */
export async function nameEntries(
  db: Db,
  propertyId: string,
  rows: ActivityRow[],
): Promise<Map<string, Named>> {
  const idsOf = (type: string) => [
    ...new Set(
      rows.filter((row) => row.entityType === type && row.entityId).map((row) => row.entityId as string),
    ),
  ];
  const roomTypeIds = new Set(idsOf("room_type"));
  const roomIds = new Set(idsOf("room"));
  const planIds = new Set(idsOf("rate_plan"));
  for (const row of rows) {
    for (const id of idsIn(row.changes as Changes, RATE_PLAN_ID_FIELDS)) planIds.add(id);
    for (const id of idsIn(row.changes as Changes, ROOM_TYPE_ID_FIELDS)) roomTypeIds.add(id);
    for (const id of idsIn(row.changes as Changes, ROOM_ID_FIELDS)) roomIds.add(id);
  }
  const [
    typeRows,
    roomRows,
    stayRows,
    guestRows,
    overrideRows,
    blockRows,
    inviteRows,
    tokenRows,
    hookRows,
    rateRows,
    productRows,
    planRows,
    userRows,
    hotel,
  ] = await Promise.all([
    list(roomTypeIds, (ids) =>
      db
        .select({ id: roomTypes.id, name: roomTypes.name })
        .from(roomTypes)
        .where(and(eq(roomTypes.propertyId, propertyId), inArray(roomTypes.id, ids))),
    ),
    list(roomIds, (ids) =>
      db
        .select({ id: rooms.id, number: rooms.number, roomType: rooms.roomTypeName })
        .from(rooms)
        .where(and(eq(rooms.propertyId, propertyId), inArray(rooms.id, ids))),
    ),
    list(idsOf("reservation"), (ids) =>
      db
        .select({
          id: reservations.id,
          name: reservations.guestName,
          code: reservations.code,
          room: rooms.number,
        })
        .from(reservations)
        .leftJoin(
          rooms,
          and(eq(rooms.propertyId, reservations.propertyId), eq(rooms.id, reservations.roomId)),
        )
        .where(and(eq(reservations.propertyId, propertyId), inArray(reservations.id, ids))),
    ),
    list(idsOf("guest"), (ids) =>
      db
        .select({ id: guests.id, name: guests.name })
        .from(guests)
        .where(and(eq(guests.propertyId, propertyId), inArray(guests.id, ids))),
    ),
    list(idsOf("rate_override"), (ids) =>
      db
        .select({ id: rateOverrides.id, date: rateOverrides.date, roomType: roomTypes.name })
        .from(rateOverrides)
        .leftJoin(
          roomTypes,
          and(eq(roomTypes.propertyId, rateOverrides.propertyId), eq(roomTypes.id, rateOverrides.roomTypeId)),
        )
        .where(and(eq(rateOverrides.propertyId, propertyId), inArray(rateOverrides.id, ids))),
    ),
    list(idsOf("room_block"), (ids) =>
      db
        .select({ id: roomBlocks.id, date: roomBlocks.startDate, room: rooms.number })
        .from(roomBlocks)
        .leftJoin(rooms, and(eq(rooms.propertyId, roomBlocks.propertyId), eq(rooms.id, roomBlocks.roomId)))
        .where(and(eq(roomBlocks.propertyId, propertyId), inArray(roomBlocks.id, ids))),
    ),
    list(idsOf("invitation"), (ids) =>
      db
        .select({ id: invitations.id, name: invitations.email })
        .from(invitations)
        .where(and(eq(invitations.propertyId, propertyId), inArray(invitations.id, ids))),
    ),
    list(idsOf("api_token"), (ids) =>
      db
        .select({ id: apiTokens.id, name: apiTokens.name })
        .from(apiTokens)
        .where(and(eq(apiTokens.propertyId, propertyId), inArray(apiTokens.id, ids))),
    ),
    list(idsOf("webhook"), (ids) =>
      db
        .select({ id: webhooks.id, name: webhooks.url })
        .from(webhooks)
        .where(and(eq(webhooks.propertyId, propertyId), inArray(webhooks.id, ids))),
    ),
    list(idsOf("tax_rate"), (ids) =>
      db
        .select({ id: taxRates.id, name: taxRates.name })
        .from(taxRates)
        .where(and(eq(taxRates.propertyId, propertyId), inArray(taxRates.id, ids))),
    ),
    list(idsOf("product"), (ids) =>
      db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(eq(products.propertyId, propertyId), inArray(products.id, ids))),
    ),
    list(planIds, (ids) =>
      db
        .select({ id: ratePlans.id, name: ratePlans.name })
        .from(ratePlans)
        .where(and(eq(ratePlans.propertyId, propertyId), inArray(ratePlans.id, ids))),
    ),
    // A member's entries name the user (a reference table: a copy on every node).
    list(idsOf("member"), (ids) =>
      db
        .select({ id: users.id, name: users.displayName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids)),
    ),
    rows.some((row) => row.entityType === "property")
      ? db
          .select({ id: properties.id, name: properties.name })
          .from(properties)
          .where(eq(properties.id, propertyId))
      : [],
  ]);

  const lookups: Record<string, Lookup> = {
    room_type: new Map(typeRows.map((r) => [r.id, { name: r.name }])),
    room: new Map(roomRows.map((r) => [r.id, { name: r.number, roomType: r.roomType }])),
    reservation: new Map(stayRows.map((r) => [r.id, { name: r.name, code: r.code, room: r.room }])),
    guest: new Map(guestRows.map((r) => [r.id, { name: r.name }])),
    rate_override: new Map(overrideRows.map((r) => [r.id, { date: r.date, roomType: r.roomType }])),
    room_block: new Map(blockRows.map((r) => [r.id, { room: r.room, date: r.date }])),
    invitation: new Map(inviteRows.map((r) => [r.id, { name: r.name }])),
    api_token: new Map(tokenRows.map((r) => [r.id, { name: r.name }])),
    webhook: new Map(hookRows.map((r) => [r.id, { name: r.name }])),
    tax_rate: new Map(rateRows.map((r) => [r.id, { name: r.name }])),
    product: new Map(productRows.map((r) => [r.id, { name: r.name }])),
    rate_plan: new Map(planRows.map((r) => [r.id, { name: r.name }])),
    member: new Map(userRows.map((r) => [r.id, { name: r.name || r.email }])),
    property: new Map(hotel.map((r) => [r.id, { name: r.name }])),
  };
  const typeNames = new Map(typeRows.map((r) => [r.id, r.name]));
  const roomNumbers = new Map(roomRows.map((r) => [r.id, r.number]));
  const planNames = new Map(planRows.map((r) => [r.id, r.name]));

  return new Map(
    rows.map((row) => {
      const changes = row.changes as Changes;
      const current = row.entityId ? lookups[row.entityType]?.get(row.entityId) : undefined;
      const kept = fromChanges(row);
      const subject = Object.fromEntries(
        Object.entries(kept).map(([key, value]) => [key, current?.[key as keyof ActivitySubject] ?? value]),
      ) as ActivitySubject;
      if (row.entityType === "rate_override" && !subject.roomType) {
        const typeId = idsIn(changes, ROOM_TYPE_ID_FIELDS)[0];
        subject.roomType = (typeId && typeNames.get(typeId)) || null;
      }
      const names: Record<string, string> = {};
      for (const id of idsIn(changes, ROOM_TYPE_ID_FIELDS)) {
        const name = typeNames.get(id);
        if (name) names[id] = name;
      }
      for (const id of idsIn(changes, ROOM_ID_FIELDS)) {
        const number = roomNumbers.get(id);
        if (number) names[id] = number;
      }
      for (const id of idsIn(changes, RATE_PLAN_ID_FIELDS)) {
        const name = planNames.get(id);
        if (name) names[id] = name;
      }
      const named = Object.values(subject).some((value) => value !== null);
      return [row.id, { subject: named ? subject : null, names }];
    }),
  );
}

/** Runs `query` for the ids, or answers nothing without a round trip when there are none. */
async function list<T>(ids: Iterable<string>, query: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const all = [...ids];
  return all.length === 0 ? [] : query(all);
}
