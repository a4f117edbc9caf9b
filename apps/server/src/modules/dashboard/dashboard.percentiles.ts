/**
 * percentile_cont (PostgreSQL's continuous percentile: linear between the two nearest ranks) over
 * durations already sorted, one list or two taken together, for the dashboard's cache of past days
 * (dashboard.day-cache.ts): the same answers as the database's, without sorting a year again.
 */

/** percentile_cont over sorted values: linear between the two nearest ranks; null when none. */
export function percentileCont(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const pos = p * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  return hi === lo ? a : a + (sorted[hi]! - a) * (pos - lo);
}
/** Every value of the lists, sorted. */
export function sortedOf(lists: Float64Array[]): Float64Array {
  let n = 0;
  for (const l of lists) n += l.length;
  const out = new Float64Array(n);
  let at = 0;
  for (const l of lists) {
    out.set(l, at);
    at += l.length;
  }
  return out.sort();
}

/** The k-th smallest (0-based) of two sorted arrays together, by bisecting how many come from `a`. */
export function kthOfTwo(a: ArrayLike<number>, b: ArrayLike<number>, k: number): number {
  let lo = Math.max(0, k + 1 - b.length);
  let hi = Math.min(k + 1, a.length);
  while (lo < hi) {
    const i = (lo + hi) >> 1; // take i from a, k + 1 - i from b
    if (a[i]! < b[k - i]!) lo = i + 1;
    else hi = i;
  }
  const i = lo;
  const fromA = i > 0 ? a[i - 1]! : Number.NEGATIVE_INFINITY;
  const fromB = k + 1 - i > 0 ? b[k - i]! : Number.NEGATIVE_INFINITY;
  return Math.max(fromA, fromB);
}

/** percentile_cont over two sorted arrays taken together. */
export function percentileOfTwo(a: ArrayLike<number>, b: ArrayLike<number>, p: number): number | null {
  const n = a.length + b.length;
  if (n === 0) return null;
  const pos = p * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const x = kthOfTwo(a, b, lo);
  return hi === lo ? x : x + (kthOfTwo(a, b, hi) - x) * (pos - lo);
}
export const pairOfTwo = ([a, b]: [Float64Array, Float64Array]): [number, number] | null => {
  const p50 = percentileOfTwo(a, b, 0.5);
  return p50 === null ? null : [p50, percentileOfTwo(a, b, 0.9)!];
};

export const pair = (sorted: ArrayLike<number>): [number, number] | null => {
  const p50 = percentileCont(sorted, 0.5);
  return p50 === null ? null : [p50, percentileCont(sorted, 0.9)!];
};
