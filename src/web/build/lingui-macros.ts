import type { Plugin } from "vite";
import babel from "vite-plugin-babel";

/**
 * Lingui's macros (t`…`, <Trans>, msg`…`) become catalog lookups (docs/decisions/047-languages.md): in the
 * build (vite.config.ts) and in the tests of the screens' modules (vitest.domain.config.ts), so both run the
 * same code. Only the staff app's files: the booking page (src/web/book/) has its own words.
 */
export function linguiMacros(): Plugin {
  return babel({
    include: /\/src\/web\/(?!book\/)[^?]*\.tsx?$/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ["typescript", "jsx"] },
      plugins: ["@lingui/babel-plugin-lingui-macro"],
    },
  });
}
