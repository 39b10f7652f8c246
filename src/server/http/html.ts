/** Minimal server-rendered pages (sign-in, sign-in callback) sharing the app's look. */
const STYLE = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1f2933;display:grid;place-items:center;min-height:100vh}
.card{background:#fff;border:1px solid #d9dee3;border-radius:10px;padding:28px 32px;width:min(380px,90vw);box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:20px;margin:8px 0 4px}.hint{color:#52606d;font-size:13px}
.badge{display:inline-block;margin:0;background:#fff4d6;color:#8a5a00;border:1px solid #f0d48a;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
label{display:block;margin:14px 0 4px;font-weight:600;font-size:13px}
input{box-sizing:border-box;width:100%;padding:8px 10px;border:1px solid #bcc5cf;border-radius:6px;font:inherit}
button{margin-top:18px;width:100%;padding:9px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{color:#b91c1c}`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON for a JavaScript literal inside an inline <script>: `<`, `>` and `&` are escaped so no value can close
 * the script element or open a comment, and U+2028/U+2029 so older parsers cannot end the string early.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function htmlPage(title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body>${body}</body></html>`;
}
