-- ANALYZE evaluates an expression index's expression for every sampled row: for the reservation search's index
-- that is four calls of innkeep_fold (PL/pgSQL) per row, which made one ANALYZE of 40,000 stays take 8 s on
-- PGlite, holding its only thread and so every request (issue 39; bench/maintenance-probe.ts). The search's
-- plan does not need that expression's statistics: it always narrows by property_id and reads the trigram
-- index. Statistics target 0 makes ANALYZE skip the index (src/server/db/maintenance.ts runs it on PGlite).
ALTER INDEX "reservations_search_idx" ALTER COLUMN 2 SET STATISTICS 0;
