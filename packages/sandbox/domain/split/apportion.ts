// Sharing whole cents in proportion to weights (largest remainder, Hamilton's
// method): each part is floor(total * weight / sum of weights), then the cents
// left go one each to the largest remainders, ties to the earlier part. Every
// part is within one cent of its exact share and the parts add up to `total`.
// BigInt: total * weight can pass 2^53 (a 10^9-cent fee share times a 10^9 weight).

/** Parts of `total` by `weights` (non-negative integers); all-zero weights give everything to the first. */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const floors = weights.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = weights.map((w) => (big * BigInt(w)) % bigSum);
  let left = total - floors.reduce((a, b) => a + Number(b), 0);
  const order = weights.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  const parts = floors.map(Number);
  for (const i of order) {
    if (left === 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return parts;
}
