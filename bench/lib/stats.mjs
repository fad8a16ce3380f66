// Figures for benchmark reports.

/** Nearest-rank percentiles of a list of numbers: `percentiles(ms, [0.5, 0.99])` → [p50, p99]. */
export function percentiles(values, ps) {
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN));
}
