import type { Plugin } from 'vite';

export declare function elementStandIns(name: string, standInFor: (module: string) => string | null | undefined): Plugin;
