// Small statistics helpers: percentiles by linear interpolation over sorted samples.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = sorted[Math.floor(rank)] as number;
  const high = sorted[Math.ceil(rank)] as number;
  return low + (high - low) * (rank - Math.floor(rank));
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export function ms(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return "n/a";
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}
