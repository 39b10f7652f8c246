/**
 * The one table that says which permission each property route needs (docs/product.md#roles-and-permissions;
 * the roles holding each permission are in src/domain/permissions.ts). Keys are the method and the path below
 * /api/properties/:pid. A property route missing from this table cannot be registered (see
 * `assertRoutePermission`), so a new route is never open by accident.
 */
import type { Permission } from "../../domain/permissions.js";

export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  "GET /": "property.read",
  "PATCH /": "manage",
  "GET /events": "property.read",
  "GET /room-types": "property.read",
  "POST /room-types": "manage",
  "PATCH /room-types/:id": "manage",
  "DELETE /room-types/:id": "manage",
  "GET /rooms": "property.read",
  "POST /rooms": "manage",
  "POST /rooms/bulk": "manage",
  // Housekeeping status for every role; number, type and floor need "manage" (checked by the route).
  "PATCH /rooms/:id": "property.read",
  "DELETE /rooms/:id": "manage",
  // Rooms only (no guests): a housekeeper's order of work.
  "GET /housekeeping/today": "property.read",
  "GET /rate-overrides": "rates.read",
  "POST /rate-overrides": "manage",
  "POST /rate-overrides/bulk": "manage",
  "PATCH /rate-overrides/:id": "manage",
  "DELETE /rate-overrides/:id": "manage",
  "GET /reservations": "stays",
  "POST /reservations": "stays",
  "GET /reservations/:id": "stays",
  "PATCH /reservations/:id": "stays",
  "GET /reservations/:id/payments": "stays",
  "POST /reservations/:id/payments": "stays",
  "POST /reservations/:id/payments/:paymentId/void": "stays",
  // The folio and invoices: the desk's daily work. Crediting an invoice corrects the books: managers.
  "GET /reservations/:id/folio": "stays",
  "POST /reservations/:id/charges": "stays",
  "POST /reservations/:id/charges/:chargeId/void": "stays",
  "POST /reservations/:id/invoices": "stays",
  "GET /reservations/:id/invoices": "stays",
  "GET /invoices": "stays",
  "GET /invoices/:id": "stays",
  "GET /invoices/:id/pdf": "stays",
  // The register's own export: whoever reads the register may take it away (not the managers' reports).
  "GET /exports/invoices.csv": "stays",
  "POST /invoices/:id/credit-note": "manage",
  "POST /invoices/:id/email": "stays",
  // The desk reads rates and products to post charges; managers set them.
  "GET /tax-rates": "stays",
  "POST /tax-rates": "manage",
  "PATCH /tax-rates/:id": "manage",
  "DELETE /tax-rates/:id": "manage",
  "GET /products": "stays",
  "POST /products": "manage",
  "PATCH /products/:id": "manage",
  "DELETE /products/:id": "manage",
  // The desk sells on the plans (the booking form's "Rate plan"); managers set them.
  "GET /rate-plans": "stays",
  "POST /rate-plans": "manage",
  "PATCH /rate-plans/:id": "manage",
  "DELETE /rate-plans/:id": "manage",
  "GET /guests": "stays",
  "POST /guests": "stays",
  "GET /guests/:id": "stays",
  "PATCH /guests/:id": "stays",
  "POST /guests/:id/merge": "stays",
  // The guest's rights of access and erasure: the owner and managers answer for them.
  "GET /guests/:id/export": "manage",
  "POST /guests/:id/anonymize": "manage",
  "GET /room-blocks": "stays",
  "POST /room-blocks": "stays",
  "DELETE /room-blocks/:id": "stays",
  "GET /quote": "stays",
  "GET /quote/rooms": "stays",
  "GET /availability": "stays",
  // Day close: its reports are a manager's, and so is closing a day early.
  "GET /day-closes": "manage",
  "GET /day-closes/next": "manage",
  "GET /emails": "manage",
  "GET /day-closes/:date": "manage",
  "POST /day-closes": "manage",
  "GET /reports/occupancy": "manage",
  "GET /reports/occupancy/daily": "manage",
  "GET /exports/reservations.csv": "manage",
  "GET /exports/occupancy.csv": "manage",
  "GET /members": "team",
  "POST /members": "team",
  "PATCH /members/:userId": "team",
  "DELETE /members/:userId": "team",
  "GET /invitations": "team",
  "DELETE /invitations/:id": "team",
  // The whole log needs "team"; one stay's history "stays" (checked by the route).
  "GET /activity": "stays",
  "GET /api-tokens": "team",
  "POST /api-tokens": "team",
  "DELETE /api-tokens/:id": "team",
  "GET /webhooks": "team",
  "POST /webhooks": "team",
  "PATCH /webhooks/:id": "team",
  "DELETE /webhooks/:id": "team",
  "GET /webhooks/:id/deliveries": "team",
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": "team",
};

/** The permission a route needs; HEAD is a GET. Undefined for a route the table does not list. */
export function routePermission(method: string, pathBelowProperty: string): Permission | undefined {
  const key = `${method === "HEAD" ? "GET" : method} ${pathBelowProperty.replace(/\/$/, "") || "/"}`;
  return ROUTE_PERMISSIONS[key];
}
