/**
 * A user's language (docs/decisions/047-languages.md): kept per user, read with the session, null to follow
 * the browser's; only the languages Innkeep is written in, and only for the signed-in user.
 */
import { expect, it } from "vitest";
import { describeBackends } from "../test/harness.js";

describeBackends("the user's language", (ctx) => {
  const session = async (as?: Awaited<ReturnType<ReturnType<typeof ctx>["signIn"]>>) =>
    (await ctx().request("GET", "/api/session", as ? { as } : {})).json().user as { language: string | null };
  const choose = (as: Awaited<ReturnType<ReturnType<typeof ctx>["signIn"]>> | undefined, body: unknown) =>
    ctx().request("PUT", "/api/session/language", { ...(as ? { as } : {}), body });

  it("is kept per user, read with the session, and null again follows the browser", async () => {
    const meera = await ctx().signIn("meera@example.com");
    const lucia = await ctx().signIn("lucia@example.com");
    expect((await session(meera)).language).toBeNull();

    const chosen = await choose(meera, { language: "hi" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ language: "hi" });
    expect((await session(meera)).language).toBe("hi");
    expect((await session(lucia)).language).toBeNull();

    expect((await choose(lucia, { language: "es" })).statusCode).toBe(200);
    expect((await choose(meera, { language: null })).statusCode).toBe(200);
    expect((await session(meera)).language).toBeNull();
    expect((await session(lucia)).language).toBe("es");
  });

  it("refuses a language Innkeep is not written in, or no sign-in, and changes nothing", async () => {
    const user = await ctx().signIn("ravi@example.com");
    await choose(user, { language: "es" });
    for (const body of [{ language: "fr" }, { language: "ES" }, {}, { language: "es", extra: 1 }]) {
      const refused = await choose(user, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe("validation");
    }
    expect((await choose(undefined, { language: "hi" })).statusCode).toBe(401);
    expect((await session(user)).language).toBe("es");
  });
});
