/**
 * The screens' unit tests see English, as the app does before another language loads: the macros compiled
 * for tests carry their English, so no catalog is needed (vitest.domain.config.ts).
 */
import { i18n } from "@lingui/core";

i18n.loadAndActivate({ locale: "en", messages: {} });
