/** The team module's public face: sign-in accepts a user's pending invitations. */
export { acceptInvitations } from "./service.js";
