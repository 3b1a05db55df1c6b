// Part 5 rule 5: a read and a write permission per resource.
export const RESOURCES = ['transaction', 'client', 'subscription', 'product', 'charge', 'alert'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Permission = `${Resource}.${'read' | 'write'}`;
export const ALL_PERMISSIONS: readonly Permission[] = RESOURCES.flatMap((r) => [`${r}.read`, `${r}.write`] as Permission[]);
export const isPermission = (value: string): value is Permission => (ALL_PERMISSIONS as readonly string[]).includes(value);

export interface Credential { keyId: string; permissions: Permission[]; companies: string[] }
