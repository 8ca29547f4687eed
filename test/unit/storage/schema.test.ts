import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION_KEY, STORAGE_SCHEMA } from '@/lib/storage/schema.ts';

/**
 * The storage schema (lib/storage/schema.ts) lists every key the code
 * defines, and nothing else: an item added without an entry (and so without
 * thought for its migrations) fails here.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : []);
}

const sources = Object.fromEntries(files('lib').map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
const all = Object.values(sources).join('\n');

/** `export const NAME = 'value'` anywhere in lib/. */
function constant(name: string): string {
  const m = new RegExp(`export const ${name} = '([^']+)'`).exec(all);
  if (!m) throw new Error(`no string constant ${name} in lib/`);
  return m[1]!;
}

/** A key argument as written: 'local:x', `local:${NAME}`, or NAME. */
function keyOf(arg: string): string {
  const literal = /^'([^']+)'$/.exec(arg);
  if (literal) return literal[1]!;
  const template = /^`(\w+):\$\{(\w+)\}`$/.exec(arg);
  if (template) return `${template[1]}:${constant(template[2]!)}`;
  return constant(arg);
}

/** Every area:key a stored item is defined with (WXT items and sealed stores), by file. */
function definedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(/(?:defineItem|sealedJson)<.*?>\(([^,)]+)[,)]/g)) {
      // sealed-json.ts defines the store itself, for a key it is given.
      if (/^key\b/.test(m[1]!)) continue;
      found.set(keyOf(m[1]!.trim()), file);
    }
  }
  return found;
}

describe('the storage schema', () => {
  const defined = definedKeys();

  it('lists every stored item the code defines, each with the module that defines it', () => {
    const listed = STORAGE_SCHEMA.filter((k) => !k.prefix && k.key !== SCHEMA_VERSION_KEY);
    expect(new Map(listed.map((k) => [`${k.area}:${k.key}`, k.owner]))).toEqual(defined);
  });

  it('knows the keys written outside items: the version and the cache entries', () => {
    expect(sources['lib/storage/run-migrations.ts']).toContain('[SCHEMA_VERSION_KEY]: m.version');
    const cache = STORAGE_SCHEMA.find((k) => k.prefix);
    expect(cache).toMatchObject({ key: 'cache:', owner: 'lib/cache/storage-store.ts' });
    expect(sources[cache!.owner]).toContain(`const PREFIX = '${cache!.key}'`);
  });

  it('names each key once', () => {
    const names = STORAGE_SCHEMA.map((k) => `${k.area}:${k.key}`);
    expect(new Set(names).size).toBe(names.length);
  });
});
