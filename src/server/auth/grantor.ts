import type { Role } from "../../domain/permissions.js";

/**
 * Who acts in this request's property: the role, and the member whose rights bound it (the signed-in user,
 * or an API token's creator). A token never changes its own creator's membership
 * (docs/product.md#api-tokens). Its own file so that services can name it without importing the request
 * guards.
 */
export type Grantor = { role: Role; memberId: string | null; viaToken: boolean };
