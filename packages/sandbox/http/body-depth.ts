// How deep a JSON body may nest. The deepest body a route takes is a handful
// of levels (a split rule in an array in the body); a body nested thousands
// deep is refused as it is parsed, before the guard's key lookup, the
// Idempotency-Key fingerprint or any route work can recurse through it.
import { ApiError } from '../base/errors.js';

/** Arrays and objects inside one another, the body itself counting as level 1. */
export const MAX_BODY_DEPTH = 32;

/** The body's nesting depth, measured without recursion, stopping once past `limit`. */
export function depthOf(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}

/** 400 for a body nested deeper than MAX_BODY_DEPTH, naming the limit. */
export function assertBodyDepth(value: unknown): void {
  if (depthOf(value) > MAX_BODY_DEPTH)
    throw new ApiError(400, 'SchemaValidationException', [{ msg: `body is JSON nested deeper than ${MAX_BODY_DEPTH} levels (arrays and objects inside one another): the sandbox refuses it unread` }]);
}
