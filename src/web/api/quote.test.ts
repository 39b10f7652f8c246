/**
 * The quote request: only the inputs that are set go in the query string, and a request given up (the clerk
 * changed the dates) rejects as aborted, not as a lost connection the form would show.
 */
import { afterEach, expect, it, vi } from "vitest";
import { AppError } from "../../domain/errors.js";
import { fetchQuote } from "./quote.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("sends the inputs that are set and answers the server's quote", async () => {
  const answer = {
    roomId: null,
    roomNumber: null,
    roomTypeId: "t",
    nights: 2,
    nightlyRates: [1, 2],
    total: 3,
  };
  const fetch = vi.fn(async (_path: string) => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  const quote = await fetchQuote("p1", {
    checkInDate: "2030-01-01",
    checkOutDate: "2030-01-03",
    roomTypeId: "t",
    availability: "true",
  });
  expect(quote).toEqual(answer);
  expect(fetch.mock.calls[0]?.[0]).toBe(
    "/api/properties/p1/quote?checkInDate=2030-01-01&checkOutDate=2030-01-03&roomTypeId=t&availability=true",
  );
});

it("a refusal comes back as the server's error, with its code", async () => {
  const body = {
    error: { code: "restricted", message: "Stop sell on 2030-01-02: that night cannot be sold" },
  };
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 409 }));
  const refused = fetchQuote("p1", { checkInDate: "2030-01-01", checkOutDate: "2030-01-03" });
  await expect(refused).rejects.toBeInstanceOf(AppError);
  await expect(refused).rejects.toMatchObject({ code: "restricted", message: body.error.message });
});

it("a request given up rejects as aborted, not as a lost connection", async () => {
  vi.stubGlobal("fetch", (_path: string, init: { signal?: AbortSignal }) => {
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  });
  const controller = new AbortController();
  const pending = fetchQuote(
    "p1",
    { checkInDate: "2030-01-01", checkOutDate: "2030-01-03" },
    controller.signal,
  );
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  await expect(pending).rejects.not.toBeInstanceOf(AppError);
});
