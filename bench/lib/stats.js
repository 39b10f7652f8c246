// Small statistics helpers: percentiles by linear interpolation over sorted samples.

export function percentile(samples, p) {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (samples) => percentile(samples, 50);

/** Times an async function in milliseconds. */
export async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** Runs `fn` `runs` times and returns the median of each numeric field of its results. */
export async function medianOfRuns(runs, fn) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await fn(i));
  const out = {};
  for (const key of Object.keys(results[0])) out[key] = median(results.map((r) => r[key]));
  out.runs = runs;
  return out;
}

export function ms(value) {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}
