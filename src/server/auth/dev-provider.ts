/**
 * The built-in development identity provider: a real OpenID Connect provider (oidc-provider) mounted at
 * /dev-idp, used only when no OIDC_ISSUER is configured. Its sign-in page asks for an email and a display
 * name, no password. The subject is derived from the email, so one email is always the same user.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Provider from "oidc-provider";
import { z } from "zod";
import { type Config, DEV_CLIENT_ID } from "../config.js";
import { escapeHtml, htmlPage } from "../http/html.js";

export const DEV_IDP_PATH = "/dev-idp";
const INTERACTION_PATH = `${DEV_IDP_PATH}/interaction/`;

type Account = { email: string; name: string };

const signInForm = z.object({
  email: z.email().max(200),
  displayName: z.string().trim().max(200).default(""),
});

export function devSubject(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/**
 * A request relayed by a proxy: the socket is the proxy's (often on this very machine), not the client's.
 * Such a request may come from anywhere, so the loopback rule cannot vouch for it.
 */
function isForwarded(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some(
    (name) =>
      name === "forwarded" || name === "via" || name === "x-real-ip" || name.startsWith("x-forwarded-"),
  );
}

function signInPage(uid: string, error?: string): string {
  const body = `
<main class="card">
  <p class="badge">Development sign-in</p>
  <h1>Sign in to Innkeep</h1>
  <p class="hint">This built-in provider is for development and testing only. Anyone can sign in as any email. Configure OIDC_ISSUER to use a real identity provider.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <form method="post" action="${INTERACTION_PATH}${escapeHtml(uid)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="email" autofocus>
    <label for="displayName">Display name</label>
    <input id="displayName" name="displayName" type="text" autocomplete="name">
    <button type="submit">Sign in</button>
  </form>
</main>`;
  return htmlPage("Development sign-in — Innkeep", body);
}

export async function registerDevProvider(app: FastifyInstance, config: Config): Promise<void> {
  const accounts = new Map<string, Account>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  const provider = new Provider(`${config.publicUrl}${DEV_IDP_PATH}`, {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        token_endpoint_auth_method: "none",
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    // Short, explicit lifetimes: sign-in artifacts only need to live for one sign-in.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    cookies: { keys: [config.sessionSecret] },
    jwks: { keys: [{ ...jwk, kid: "dev", use: "sig", alg: "RS256" }] as never },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
  });
  // The provider's endpoints must be advertised under PUBLIC_URL, whatever the request came in on (plain
  // HTTP from a TLS-terminating proxy, another host name): the issuer is PUBLIC_URL-based, and openid-client
  // refuses a discovery document whose endpoints disagree with it. Koa builds URLs from the forwarded
  // headers once `proxy` is on, so we set those headers ourselves on every request we hand over.
  provider.proxy = true;
  const publicOrigin = new URL(config.publicUrl);
  const handle = provider.callback();

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(`${DEV_IDP_PATH}/`) && request.url !== DEV_IDP_PATH) return;
    if (
      !config.devIdpAllowRemote &&
      (!isLoopback(request.socket.remoteAddress) || isForwarded(request.headers))
    ) {
      return reply.status(403).send({
        error: {
          code: "forbidden",
          message: "Development sign-in serves loopback clients only, never through a proxy",
        },
      });
    }
    // Our interaction routes below hand the request to the provider too.
    request.raw.headers["x-forwarded-proto"] = publicOrigin.protocol.slice(0, -1);
    request.raw.headers["x-forwarded-host"] = publicOrigin.host;
    if (request.url.startsWith(INTERACTION_PATH)) return; // our own routes below
    // Hand the raw request to the provider, mounted at DEV_IDP_PATH as oidc-provider expects.
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url?.slice(DEV_IDP_PATH.length) || "/";
    handle(raw, reply.raw);
  });

  const interactionParams = z.object({ uid: z.string().min(1).max(200) });

  app.get(
    `${INTERACTION_PATH}:uid`,
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details)
        return reply
          .status(400)
          .type("text/html")
          .send(
            htmlPage("Sign-in expired", "<p>This sign-in has expired. Close this window and try again.</p>"),
          );
      return reply.type("text/html").send(signInPage(details.uid));
    },
  );

  app.post(
    `${INTERACTION_PATH}:uid`,
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { uid } = interactionParams.parse(request.params);
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== uid) {
        return reply
          .status(400)
          .type("text/html")
          .send(
            htmlPage("Sign-in expired", "<p>This sign-in has expired. Close this window and try again.</p>"),
          );
      }
      const form = signInForm.safeParse(request.body);
      if (!form.success)
        return reply.status(400).type("text/html").send(signInPage(uid, "Enter a valid email address."));
      const email = form.data.email.toLowerCase();
      const accountId = devSubject(email);
      accounts.set(accountId, { email, name: form.data.displayName || email });
      const clientId = String(details.params.client_id);
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile");
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
}
