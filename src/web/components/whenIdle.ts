/**
 * Runs `callback` when the browser is next idle, or after `timeout` ms at the latest; returns a function that
 * cancels it. Safari has no requestIdleCallback: there it runs on the next task.
 */
export function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(idle);
}
