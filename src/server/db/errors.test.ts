/**
 * Which rule a refusal breaks (db/errors.ts), as each backend reports it: PGlite and PostgreSQL name the
 * constraint; Citus forwards a worker's message, DETAIL and HINT but not the CONSTRAINT field, and names a
 * table constraint by its shard's copy. The Citus suite (npm run test:citus) meets these for real.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { pgConstraint } from "./errors.js";

function pgError(fields: { code: string; message: string; constraint?: string; hint?: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

const wrapped = (cause: Error, params: unknown[] = []) =>
  new DrizzleQueryError("insert into rooms values ($1)", params, cause);

describe("pgConstraint", () => {
  it("reads the constraint PostgreSQL names, through drizzle's wrapper", () => {
    const error = pgError({
      code: "23505",
      message: 'duplicate key value violates unique constraint "rooms_property_id_number_key"',
      constraint: "rooms_property_id_number_key",
    });
    expect(pgConstraint(wrapped(error))).toBe("rooms_property_id_number_key");
  });

  it("reads a Citus shard's constraint from the message, without the shard's suffix", () => {
    const unique = pgError({
      code: "23505",
      message: 'duplicate key value violates unique constraint "rooms_property_id_number_key_102028"',
    });
    const exclusion = pgError({
      code: "23P01",
      message: 'conflicting key value violates exclusion constraint "reservations_no_overlap_102036"',
    });
    const foreignKey = pgError({
      code: "23503",
      message:
        'insert or update on table "payments_102044" violates foreign key constraint "payments_reservation_fk_102044"',
    });
    expect(pgConstraint(wrapped(unique))).toBe("rooms_property_id_number_key");
    expect(pgConstraint(exclusion)).toBe("reservations_no_overlap");
    expect(pgConstraint(foreignKey)).toBe("payments_reservation_fk");
  });

  it("reads the HINT a trigger's refusal carries when the constraint is not forwarded", () => {
    const soldOut = pgError({
      code: "23514",
      message: "room type sold out on 2030-03-01",
      hint: "room_nights_inventory",
    });
    expect(pgConstraint(wrapped(soldOut))).toBe("room_nights_inventory");
  });

  it("never reads a rule from a parameter in the wrapper's message, nor from errors that break none", () => {
    const lookalike = 'constraint "rooms_property_id_number_key"';
    const violation = pgError({ code: "23505", message: "duplicate key value" });
    expect(pgConstraint(wrapped(violation, [lookalike]))).toBeUndefined();
    const syntax = pgError({ code: "42601", message: `syntax error near ${lookalike}`, hint: "x" });
    expect(pgConstraint(syntax)).toBeUndefined();
  });
});
