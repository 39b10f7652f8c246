/**
 * The fetch client. Every failure becomes an AppError carrying the server's stable code, so screens can
 * branch on `error.code` instead of parsing messages or status numbers.
 */

import { i18n } from "@lingui/core";
import { TOTAL_COUNT_HEADER } from "../../domain/constants.js";
import { AppError, type FieldIssue, isErrorCode } from "../../domain/errors.js";
import { ERROR_WORDS, errorWords, fieldIssueWords } from "../i18n/errors.js";

/** `signal` lets a query give up a request whose answer is no longer wanted (TanStack Query passes one). */
type RequestInit = { method?: string; body?: unknown; signal?: AbortSignal };

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await request<T>(path, init)).data;
}

/** A list and how many items match in all (the server's `x-total-count`, asked for with `total=true`). */
export async function apiFetchWithTotal<T>(path: string): Promise<{ items: T[]; total: number }> {
  const { data, response } = await request<T[]>(path, {});
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { items: data, total: Number.isInteger(total) ? total : data.length };
}

async function request<T>(
  path: string,
  { method = "GET", body, signal }: RequestInit,
): Promise<{ data: T; response: Response }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // A request given up on purpose is not a lost connection.
    if (signal?.aborted) throw error;
    throw unreachable();
  }
  const text = await response.text();
  const data: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) throw refusal(response.status, data);
  return { data: data as T, response };
}

/** The server could not be reached at all (offline, a dropped connection). */
export function unreachable(): AppError {
  return new AppError("unavailable", i18n._(ERROR_WORDS.unavailable));
}

/**
 * The AppError a refused request's body names (`{error: {code, message, fields}}`), in the language shown
 * (src/web/i18n/errors.ts); a body without a code (a proxy's error page) by its status.
 */
export function refusal(status: number, data: unknown): AppError {
  const error = (data as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)
    ?.error;
  const code = isErrorCode(error?.code) ? error.code : status >= 500 ? "internal" : "validation";
  const message = typeof error?.message === "string" ? error.message : `Request failed (${status})`;
  return new AppError(
    code,
    errorWords(i18n, code, message),
    fieldIssues(error?.fields).map((issue) => fieldIssueWords(i18n, issue)),
  );
}

/** The body's `fields`, keeping only well-formed entries (a proxy's error page has none). */
function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldIssue => typeof item?.field === "string" && typeof item?.message === "string",
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
