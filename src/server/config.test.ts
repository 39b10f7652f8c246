import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("needs nothing to start: embedded database, development sign-in, loopback", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://127.0.0.1:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      oidc: undefined,
      secureCookies: false,
    });
    expect([...config.adminEmails]).toEqual(["admin@example.com"]);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.mail).toBeNull();
  });

  it("sends email only with both a mail server and a sender", () => {
    const env = { SMTP_URL: "smtps://user:secret@mail.invalid:465", MAIL_FROM: "Hotel <desk@hotel.invalid>" };
    expect(loadConfig(env).mail).toEqual({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
    expect(loadConfig({ MAIL_FROM: "desk@hotel.invalid" }).mail).toBeNull();
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ OIDC_ISSUER: "https://accounts.google.com" }, "OIDC_CLIENT_ID"],
    [{ OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "x" }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ HOST: "0.0.0.0" }, "HOST"],
    [{ DEV_IDP_ALLOW_REMOTE: "maybe" }, "DEV_IDP_ALLOW_REMOTE"],
    [{ SMTP_URL: "http://mail.invalid" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://mail.invalid:587" }, "MAIL_FROM"],
  ])("rejects %o naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it("uses a real provider, an explicit admin list and secure cookies behind https", () => {
    const config = loadConfig({
      OIDC_ISSUER: "https://accounts.google.com",
      OIDC_CLIENT_ID: "client",
      OIDC_CLIENT_SECRET: "secret",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://hotel.example.com/",
      HOST: "0.0.0.0",
      ADMIN_EMAILS: "Boss@Example.com, second@example.com",
    });
    expect(config.oidc).toEqual({
      issuer: "https://accounts.google.com",
      clientId: "client",
      clientSecret: "secret",
    });
    expect(config.publicUrl).toBe("https://hotel.example.com");
    expect(config.secureCookies).toBe(true);
    expect([...config.adminEmails]).toEqual(["boss@example.com", "second@example.com"]);
  });

  it("allows a remote bind for the development provider only when asked explicitly", () => {
    expect(loadConfig({ HOST: "0.0.0.0", DEV_IDP_ALLOW_REMOTE: "1" }).devIdpAllowRemote).toBe(true);
  });
});
