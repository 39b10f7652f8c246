/** The guests module's public face: what other modules use. */

export { anonymizeExpiredGuests } from "./privacy.js";
