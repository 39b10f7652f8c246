/**
 * The module table. Property-scoped modules are mounted under /api/properties/:pid behind the membership
 * guard, so a new module is tenant-isolated (and covered by the isolation tests) by being listed here.
 */
import type { Module } from "../context.js";
import { activityRoutes } from "./activity/routes.js";
import { adminRoutes } from "./admin/routes.js";
import { apiTokenRoutes } from "./api-tokens/routes.js";
import { availabilityRoutes } from "./availability/routes.js";
import { dayCloseRoutes } from "./day-close/routes.js";
import { emailRoutes } from "./emails/routes.js";
import { eventRoutes } from "./events/routes.js";
import { exportRoutes } from "./exports/routes.js";
import { folioRoutes } from "./folio/routes.js";
import { guestRoutes } from "./guests/routes.js";
import { healthRoutes } from "./health/routes.js";
import { housekeepingRoutes } from "./housekeeping/routes.js";
import { invoiceRoutes } from "./invoices/routes.js";
import { paymentRoutes } from "./payments/routes.js";
import { productRoutes } from "./products/routes.js";
import { ownPropertyRoutes, propertyRoutes } from "./properties/routes.js";
import { quoteRoutes } from "./quotes/routes.js";
import { rateOverrideRoutes } from "./rate-overrides/routes.js";
import { ratePlanRoutes } from "./rate-plans/routes.js";
import { reportRoutes } from "./reports/routes.js";
import { reservationRoutes } from "./reservations/routes.js";
import { roomBlockRoutes } from "./room-blocks/routes.js";
import { roomTypeRoutes } from "./room-types/routes.js";
import { roomRoutes } from "./rooms/routes.js";
import { taxRateRoutes } from "./tax-rates/routes.js";
import { teamRoutes, waitingInvitationRoutes } from "./team/routes.js";
import { webhookRoutes } from "./webhooks/routes.js";

export const globalModules: Module[] = [
  healthRoutes,
  ownPropertyRoutes,
  adminRoutes,
  waitingInvitationRoutes,
];

export const propertyModules: Module[] = [
  propertyRoutes,
  eventRoutes,
  roomTypeRoutes,
  roomRoutes,
  housekeepingRoutes,
  rateOverrideRoutes,
  reservationRoutes,
  guestRoutes,
  paymentRoutes,
  taxRateRoutes,
  productRoutes,
  ratePlanRoutes,
  folioRoutes,
  invoiceRoutes,
  dayCloseRoutes,
  roomBlockRoutes,
  quoteRoutes,
  availabilityRoutes,
  reportRoutes,
  exportRoutes,
  teamRoutes,
  activityRoutes,
  apiTokenRoutes,
  webhookRoutes,
  emailRoutes,
];
