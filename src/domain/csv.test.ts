import { describe, expect, it } from "vitest";
import { csvText } from "./csv.js";

describe("csvText", () => {
  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2", "'-2"],
    ["@cmd", "'@cmd"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
  ])("escapes %j as a formula start", (value, escaped) => {
    expect(csvText(value)).toBe(escaped);
  });

  it.each([
    ["Zoë Ångström"],
    ["山田太郎"],
    ["O'Brien, Pat"],
    ["a = b"],
    [" =leading space"],
    ["'already quoted"],
    [""],
  ])("leaves %j as it is", (value) => {
    expect(csvText(value)).toBe(value);
  });
});
