/**
 * URLs of the requests the web app makes on its first screen. The server uses the same functions to hint
 * them to the browser (`<link rel="preload">`), which only helps when both build exactly the same URL.
 */
export const API_PATHS = {
  session: "/api/session",
  /** The signed-in user's language (PUT). */
  sessionLanguage: "/api/session/language",
  ownProperty: "/api/property",
  properties: "/api/properties",
  /** The Front Desk's grid, in the compact form (decision 019). */
  availability: (propertyId: string, start: string, days: number) =>
    `/api/properties/${propertyId}/availability?start=${start}&days=${days}&format=compact`,
} as const;
