// Reading members of values that came from outside (a caller's object, a parsed request
// body, a Proxy): a getter or trap that throws is bad input, never a crash.

/** Any member's value, own or inherited; undefined when `target` is not an object (null included) or reading throws. */
export function readMember(target: unknown, name: string): unknown {
  try {
    if (typeof target === 'object') return (target as Record<string, unknown>)[name];
  } catch {}
}

/** True when `name` is an own member: inherited names (`constructor`, `__proto__`, a polluted prototype's) are not. Throws what a Proxy trap throws. */
export const hasOwnMember = (target: object, name: string): boolean => Object.prototype.hasOwnProperty.call(target, name);

/** An own member's value, undefined when absent or inherited. Throws what a getter or Proxy trap throws. */
export const ownMember = (target: object, name: string): unknown => (hasOwnMember(target, name) ? (target as Record<string, unknown>)[name] : undefined);

/** ownMember, with a getter or Proxy trap that throws read as absent. */
export function safeOwnMember(target: object, name: string): unknown {
  try {
    return ownMember(target, name);
  } catch {
    return undefined;
  }
}
