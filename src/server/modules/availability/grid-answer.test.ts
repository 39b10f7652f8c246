import { describe, expect, it } from "vitest";
import { KeptAnswers } from "../../http/kept-answers.js";
import { type GridAnswer, gridAnswerSize } from "./grid-answer.js";

describe("a kept grid answer's size", () => {
  it("counts a patched answer's kept rows, as long again as its JSON", async () => {
    const cache = new KeptAnswers<GridAnswer>({ sizeOf: gridAnswerSize });
    const rows = {
      start: "2030-03-10",
      days: 1,
      roomTypesJson: "[]",
      roomTypeIds: [],
      rooms: [],
      stays: [],
      blocks: [],
    };
    await cache.answer("plain", 1, async () => ({ seq: 1, json: "[1,2]" }));
    expect(cache.keptSize).toBe(5);
    await cache.answer("patched", 1, async () => ({ seq: 1, json: "[1,2]", rows }));
    expect(cache.keptSize).toBe(5 + 10);
  });
});
