/**
 * The reports module's public face: the daily occupancy the CSV export writes, and the window's totals
 * query (availability's test checks its stays query against it).
 */
export { occupancyDaily, occupancyTotalsQuery } from "./service.js";
