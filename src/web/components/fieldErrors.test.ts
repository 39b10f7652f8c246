import { describe, expect, it } from "vitest";
import { AppError } from "../../domain/errors.js";
import { splitFieldErrors } from "./fieldErrors.js";

describe("splitFieldErrors", () => {
  const refused = new AppError("validation", "currency: must be …; timeZone: must be …", [
    { field: "currency", message: "must be an ISO 4217 code" },
    { field: "timeZone", message: "must be an IANA time zone" },
    { field: "extra", message: "is not allowed" },
  ]);

  it("puts each shown field's problem beside it and sums all up by label", () => {
    const { fields, message } = splitFieldErrors(refused, { currency: "Currency", timeZone: "Time zone" });
    expect(fields).toEqual({ currency: "Must be an ISO 4217 code", timeZone: "Must be an IANA time zone" });
    expect(message).toBe(
      "Currency: must be an ISO 4217 code. Time zone: must be an IANA time zone. Is not allowed",
    );
  });

  it("with a plain list, says only what is not beside a control", () => {
    const { fields, message } = splitFieldErrors(refused, ["currency", "timeZone"]);
    expect(Object.keys(fields)).toEqual(["currency", "timeZone"]);
    expect(message).toBe("Is not allowed");
  });

  it("keeps an error that is not about fields whole", () => {
    expect(splitFieldErrors(new AppError("conflict", "Taken"), ["name"])).toEqual({
      fields: {},
      message: "Taken",
    });
    expect(splitFieldErrors(null, ["name"])).toEqual({ fields: {}, message: null });
  });
});
