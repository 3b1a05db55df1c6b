// Calendar days in UTC: due dates are dates (YYYY-MM-DD), not instants.
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
