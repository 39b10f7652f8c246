/**
 * The shipped catalogs as the build compiles them, for tests of the screens' words in another language:
 * each language's PO file read through Lingui's own API and compiled as the vite plugin would.
 */

import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

/** A Lingui instance showing `language`, with every catalog of the app loaded. */
export async function shippedI18n(language: string): Promise<I18n> {
  const config = getConfig({ cwd: process.cwd(), skipValidation: true });
  const messages: Record<string, string> = {};
  for (const catalog of await getCatalogs(config)) {
    for (const [id, message] of Object.entries((await catalog.read(language)) ?? {}))
      messages[id] = message.translation || message.message || id;
  }
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: language, messages });
  return i18n;
}
