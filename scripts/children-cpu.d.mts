// Types of children-cpu.mjs for the TypeScript tests.
export function childrenCpuSeconds(): number | undefined;
