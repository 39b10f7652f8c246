/**
 * OpenID Connect relying party (authorization code + PKCE, openid-client) and the session endpoints.
 * The short-lived sign-in state (PKCE verifier, state, nonce, where to return) travels in a signed,
 * HttpOnly cookie scoped to /auth, so no server memory is needed between login and callback.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { API_PATHS } from "../../domain/api-paths.js";
import { ERROR_STATUS } from "../../domain/errors.js";
import { languageInput, sessionResponse } from "../../domain/schemas/session.js";
import { stripBidiControls } from "../../domain/text.js";
import { type Config, DEV_CLIENT_ID } from "../config.js";
import type { Db } from "../db/connect.js";
import { escapeHtml, htmlPage, scriptJson } from "../http/html.js";
import { errorResponses, PUBLIC } from "../http/openapi.js";
import { DEV_IDP_PATH } from "./dev-provider.js";
import { requireUser } from "./request-user.js";
import { safeReturnTo } from "./return-to.js";
import {
  createSession,
  deleteSession,
  SESSION_COOKIE,
  setUserLanguage,
  upsertUser,
  userLanguageOf,
} from "./sessions.js";

const LOGIN_COOKIE = "innkeep_login";
const LOGIN_TTL_SECONDS = 600;

/** Lenient on purpose: a strange `returnTo` falls back to /hms rather than failing the sign-in. */
const loginQuery = z.object({
  returnTo: z.string().optional().catch(undefined),
  popup: z.enum(["0", "1"]).optional().catch(undefined),
});
const loginState = z.object({
  verifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
  popup: z.boolean(),
});
type LoginState = z.infer<typeof loginState>;

export async function registerAuthRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  const issuer = config.oidc?.issuer ?? `${config.publicUrl}${DEV_IDP_PATH}`;
  const clientId = config.oidc?.clientId ?? DEV_CLIENT_ID;
  const redirectUri = `${config.publicUrl}/auth/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  // Discovered lazily: the development provider is served by this very server, which must be listening.
  function providerConfig(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        config.oidc?.clientSecret,
        config.oidc?.clientSecret ? undefined : oidc.None(),
        issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  const cookieBase = { httpOnly: true, sameSite: "lax", secure: config.secureCookies, path: "/" } as const;
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: "1 minute" };

  app.get(
    API_PATHS.session,
    {
      schema: {
        operationId: "getSession",
        summary: "The signed-in user, or null when nobody is (never 401)",
        security: PUBLIC,
        tags: ["auth"],
        response: { 200: sessionResponse, ...errorResponses(421) },
      },
    },
    async (request) => ({
      user: request.user ? { ...request.user, language: await userLanguageOf(db, request.user.id) } : null,
    }),
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    API_PATHS.sessionLanguage,
    {
      schema: {
        operationId: "setSessionLanguage",
        summary: "Keep the language the signed-in user chose (null: follow the browser's)",
        tags: ["auth"],
        body: languageInput,
        response: { 200: languageInput, ...errorResponses() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await setUserLanguage(db, user.id, request.body.language);
      return { language: request.body.language };
    },
  );

  app.get("/auth/login", { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    const query = loginQuery.catch({}).parse(request.query);
    let configuration: oidc.Configuration;
    try {
      configuration = await providerConfig();
    } catch (error) {
      // Nothing the user sent is wrong: say so, and let them try again once the provider is back.
      request.log.error({ err: error, issuer }, "identity provider discovery failed");
      return finishSignIn(
        reply,
        { popup: query.popup === "1", returnTo: "/" },
        PROVIDER_UNAVAILABLE,
        ERROR_STATUS.unavailable,
      );
    }
    const state: LoginState = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      returnTo: safeReturnTo(query.returnTo, config.publicUrl),
      popup: query.popup === "1",
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(state.verifier),
      code_challenge_method: "S256",
      state: state.state,
      nonce: state.nonce,
    });
    reply.setCookie(LOGIN_COOKIE, JSON.stringify(state), {
      ...cookieBase,
      path: "/auth",
      signed: true,
      maxAge: LOGIN_TTL_SECONDS,
    });
    return reply.redirect(url.href, 302);
  });

  app.get("/auth/callback", { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    const raw = request.cookies[LOGIN_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    const parsed =
      unsigned?.valid && unsigned.value ? loginState.safeParse(safeJson(unsigned.value)) : undefined;
    reply.clearCookie(LOGIN_COOKIE, { ...cookieBase, path: "/auth" });
    if (!parsed?.success)
      return finishSignIn(reply, { popup: true, returnTo: "/" }, "Sign-in expired; try again.");
    // The cookie is signed, but a value written under older rules must not reach a Location header unchecked.
    const state = { ...parsed.data, returnTo: safeReturnTo(parsed.data.returnTo, config.publicUrl) };
    try {
      const configuration = await providerConfig();
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: state.verifier,
          expectedState: state.state,
          expectedNonce: state.nonce,
        },
      );
      const claims = tokens.claims();
      if (!claims) throw new Error("the provider returned no ID token");
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== "string") {
        profile = {
          ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
          ...claims,
        };
      }
      const userId = await upsertUser(db, {
        issuer,
        subject: claims.sub,
        email: typeof profile.email === "string" ? profile.email.toLowerCase() : null,
        emailVerified: profile.email_verified === true,
        // The provider's name is free text like any other: no bidi controls (see domain/text.ts).
        displayName: typeof profile.name === "string" ? stripBidiControls(profile.name).trim() || null : null,
      });
      const token = await createSession(db, userId, config.sessionTtlMs);
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieBase,
        maxAge: Math.floor(config.sessionTtlMs / 1000),
      });
      return finishSignIn(reply, state);
    } catch (error) {
      request.log.warn({ err: error }, "sign-in failed");
      return finishSignIn(reply, state, "Sign-in failed.");
    }
  });

  app.post("/auth/logout", { schema: { hide: true } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, cookieBase);
    return { ok: true };
  });
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export const PROVIDER_UNAVAILABLE =
  "Sign-in is unavailable: the identity provider cannot be reached. Try again in a moment.";

/**
 * Popup mode: a tiny page tells the opener how sign-in ended and closes itself (falling back to a redirect
 * when there is no opener). Full-page mode: a plain redirect.
 */
function finishSignIn(
  reply: FastifyReply,
  state: Pick<LoginState, "popup" | "returnTo">,
  error?: string,
  errorStatus = 400,
) {
  if (!state.popup) {
    return reply.redirect(error ? `/?loginError=1` : state.returnTo, 302);
  }
  const nonce = randomBytes(16).toString("base64");
  const message = scriptJson(
    error ? { type: "innkeep:sign-in", ok: false, error } : { type: "innkeep:sign-in", ok: true },
  );
  const fallback = scriptJson(error ? "/?loginError=1" : state.returnTo);
  const script = `(function(){var m=${message};if(window.opener&&!window.opener.closed){window.opener.postMessage(m,window.location.origin);window.close();}else{window.location.replace(${fallback});}})();`;
  reply.header(
    "content-security-policy",
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return reply
    .type("text/html")
    .status(error ? errorStatus : 200)
    .send(
      htmlPage(
        "Signing in — Innkeep",
        `<main class="card"><p>${escapeHtml(error ?? "Signed in. You can close this window.")}</p></main>`,
        `<script nonce="${nonce}">${script}</script>`,
      ),
    );
}
