/** Who is signed in: the session the web app reads on load. */
import { z } from "zod";
import { id } from "./fields.js";

export const sessionUser = z.object({
  id,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;
export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;
