import type { Migration } from '../area.ts';
import { migration001 } from './001-plain-text-into-sealed.ts';
import { migration002 } from './002-change-causes.ts';

/**
 * Every storage migration, in order: entry i has version i + 1. To change a
 * stored layout, add the next file (NNN-what-it-does.ts) and list it here
 * (docs/architecture.md, "A stored layout").
 */
export const MIGRATIONS: readonly Migration[] = [migration001, migration002];
