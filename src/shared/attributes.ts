// The attribute converters of both modes (ReactiveBase's converter functions inline, the frame-mode
// element's attribute getters) and of the server renderer (src/ssr): one reading of each attribute.

/** The `accepted-brands` attribute: brand ids separated by spaces or commas. */
export const listAttribute = (value: string | null): string[] => (value ?? '').split(/[\s,]+/).filter(Boolean);
/** The `installments` attribute's JSON; text that is not JSON is kept, for the plans' check to name. */
export const jsonAttribute = (value: string | null): unknown => {
  try {
    return JSON.parse(value ?? '[]');
  } catch {
    return value;
  }
};
