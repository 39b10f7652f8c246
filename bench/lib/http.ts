// HTTP as a browser would use it: a cookie jar, sign-in through the development identity provider, and a
// JSON helper that sends the headers the CSRF guard expects.
import http from "node:http";

/** A JSON answer: its status, its parsed body (typed by the caller) and its length in characters. */
export type JsonAnswer<T> = { status: number; body: T; bytes: number };

export class Client {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set("cookie", this.cookieHeader());
    const response = await fetch(new URL(pathOrUrl, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(pair.slice(0, index).trim());
      else this.jar.set(pair.slice(0, index).trim(), value);
    }
    return response;
  }

  async follow(first: Response): Promise<{ response: Response; url: string }> {
    let response = first;
    let url = this.baseUrl;
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("location") ?? "/", url).href;
      await response.body?.cancel();
      response = await this.fetch(url);
    }
    return { response, url };
  }

  /** GET /auth/login → /dev-idp interaction → POST the form → /auth/callback sets `innkeep_session`. */
  async signIn(email: string, displayName: string): Promise<string> {
    const { response: page, url } = await this.follow(await this.fetch("/auth/login?returnTo=/hms"));
    if (!(await page.text()).includes("Development sign-in")) throw new Error("no development sign-in page");
    const submitted = await this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.baseUrl },
      body: new URLSearchParams({ email, displayName }).toString(),
    });
    const { response } = await this.follow(submitted);
    await response.body?.cancel();
    const session = this.jar.get("innkeep_session");
    if (!session) throw new Error(`sign-in failed for ${email}`);
    return session;
  }

  /**
   * The size of an answer as sent (compressed as for a browser that accepts Brotli and gzip), which fetch
   * hides by decompressing: the bytes on the wire and the encoding the server chose.
   */
  wireSize(path: string): Promise<{ bytes: number; encoding: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        new URL(path, this.baseUrl),
        { headers: { cookie: this.cookieHeader(), "accept-encoding": "br, gzip" } },
        (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on("end", () =>
            response.statusCode === 200
              ? resolve({ bytes, encoding: String(response.headers["content-encoding"] ?? "identity") })
              : reject(new Error(`${path} answered ${response.statusCode}`)),
          );
        },
      );
      request.on("error", reject);
    });
  }

  /** The body is whatever the caller says it is: the bench checks statuses, not shapes. */
  async json<T = unknown>(method: string, path: string, body?: unknown): Promise<JsonAnswer<T>> {
    const response = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, bytes: text.length };
  }
}
