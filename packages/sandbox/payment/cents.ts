// Decimal BRL to integer cents (4.4: "multiplied by 100 and rounded"): half
// up, on the decimal as written. 0.285 * 100 is 28.499999999999996 in binary
// floating point; rounding it to 6 places first gives 28.5 and so 29.
export const toCents = (amount: number): number => Math.round(Number((amount * 100).toFixed(6)));
