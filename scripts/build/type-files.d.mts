// Types of type-files.mjs for the TypeScript tests.
export function reachableTypeFiles(root?: string): Set<string>;
