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

export function ms(value) {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}
