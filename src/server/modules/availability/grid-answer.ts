/**
 * The shapes a grid answer is kept in (src/server/http/kept-answers.ts) and patched in (compact-patch.ts), in
 * a file of their own so that neither of those two, nor the service that builds answers, imports another
 * just for a type.
 */
import type { IsoDate } from "../../../domain/dates.js";
import type { CompactAvailability } from "../../../domain/schemas/availability.js";

export type Room = CompactAvailability["rooms"][number];
export type Stay = CompactAvailability["stays"][number];
export type Block = CompactAvailability["blocks"][number];

/** A row of the answer with its JSON, made once and kept for the patches that follow. */
export type Entry<T> = { row: T; json: string };

/**
 * A compact answer cut into its rows, each with its JSON, kept beside the answer (`GridAnswer.rows`): the
 * next patch re-serializes only the rows a change touched and joins the rest, instead of parsing and writing
 * the whole answer again (at the largest hotel, 2.6 MB of JSON). Never changed once made: a patch makes new
 * lists, and a new row where one changed.
 */
export type CompactRows = {
  start: IsoDate;
  days: number;
  roomTypesJson: string;
  roomTypeIds: readonly string[];
  rooms: readonly Entry<Room>[];
  stays: readonly Entry<Stay>[];
  blocks: readonly Entry<Block>[];
};

/**
 * A grid answer and the property event number it reflects; a patched compact answer also carries its rows
 * (`CompactRows`), for the next patch.
 */
export type GridAnswer = { seq: number; json: string; rows?: CompactRows };

/** What a kept grid answer holds: a patched answer's rows are about as many characters again as its JSON. */
export const gridAnswerSize = (answer: GridAnswer): number => answer.json.length * (answer.rows ? 2 : 1);
