/** A minimal cookie-keeping HTTP client for tests that talk to a listening server (OIDC flows, SSE). */
export class CookieClient {
  private readonly jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set("cookie", this.cookieHeader());
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects (GET), keeping cookies, until a non-redirect answer or `stopAt` matches the URL. */
  async follow(start: Response, stopAt?: RegExp): Promise<{ response: Response; url: string }> {
    let response = start;
    let url = "";
    for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get("location");
      if (!location) break;
      url = new URL(location, url || this.baseUrl).href;
      if (stopAt?.test(url)) return { response, url };
      response = await this.fetch(url);
    }
    return { response, url };
  }
}
