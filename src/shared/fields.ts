// The element's field names, listed once: the inline element's checks and rendering
// (src/element/validation.ts), the frame protocol's schemas (src/frame/protocol.ts, to-parent.ts)
// and the events' types all take them from here.

/** The fields in tab order, the number first (issue 27; the first bad one gets the focus): the card's four, and the holder's document when `holder-document` is on. */
export const FIELDS = ['number', 'expiry', 'securityCode', 'holder', 'holderDocument'] as const;

/** One of the element's fields. */
export type FieldName = (typeof FIELDS)[number];
