/** Who is signed in: the session the web app reads on load. */
import { z } from "zod";
import { LANGUAGES } from "../languages.js";
import { id } from "./fields.js";

export const sessionUser = z.object({
  id,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;
/** The language a user chose in the header; null: the browser's (src/domain/languages.ts). */
export const userLanguage = z.enum(LANGUAGES).nullable();
/** The signed-in user as the web app reads them on load: with their chosen language. */
export const signedInUser = sessionUser.extend({ language: userLanguage });
export type SignedInUser = z.infer<typeof signedInUser>;
export const sessionResponse = z.object({ user: signedInUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const languageInput = z.strictObject({ language: userLanguage });
export type LanguageInput = z.infer<typeof languageInput>;
