// The anticipation fee, one rule for the code and the API description (the schema's field, the
// route's text, the billing statuses section interpolate ANTICIPATION_RATE).

/** Basis points of the net amount for each 30 days taken early (1.99%), pro rata per day. */
export const ANTICIPATION_BPS_PER_30_DAYS = 199;

/** The rate as the description prints it: "1.99%". */
export const ANTICIPATION_RATE = `${ANTICIPATION_BPS_PER_30_DAYS / 100}%`;

/** Cents of fee for anticipating `netAmount` cents `days` early: netAmount x bps x days / (10,000 x 30), rounded half up to a cent, never more than netAmount. */
export function anticipationFee(netAmount: number, days: number): number {
  return Math.min(netAmount, Math.floor((netAmount * ANTICIPATION_BPS_PER_30_DAYS * days + 150_000) / 300_000));
}
