import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enginesProblems, type LockPackage } from '@/test/release/engines.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const json = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
type Manifest = { engines: { node: string } };

describe('the Node versions the README promises', () => {
  const promise = json<Manifest>('package.json').engines.node;

  it('hold for every package npm installs (no EBADENGINE on any of them)', () => {
    const lock = json<{ packages: Record<string, LockPackage> }>('package-lock.json');
    expect(Object.keys(lock.packages).length).toBeGreaterThan(500);
    expect(enginesProblems(promise, lock.packages)).toEqual([]);
  });

  it('are the same in package.json, its lock, the sandbox package and the README', () => {
    const lock = json<{ packages: Record<string, Manifest> }>('package-lock.json');
    expect(lock.packages['']!.engines.node).toBe(promise);
    expect(json<Manifest>('test/sandbox/package.json').engines.node).toBe(promise);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Node \`${promise}\``);
  });

  it('a package that wants a newer Node is named, one that ignores engines or wants an older one is not', () => {
    const packages: Record<string, LockPackage> = {
      '': { version: '0.1.0', engines: { node: '>=99' } },
      'node_modules/puppeteer-core': { version: '25.16.0', engines: { node: '>=22.12.0' } },
      'node_modules/wxt/node_modules/listr2': { version: '10.2.2', engines: { node: '>=22.13.0' } },
      'node_modules/vite': { version: '7.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
      'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
      'node_modules/any': { version: '1.0.0' },
      'node_modules/eslint': { version: '9.39.5', engines: { node: '^18.18.0 || ^20.9.0 || >=21.1.0' } },
    };
    expect(enginesProblems('^20.19.0 || ^22.13.0 || >=24', packages)).toEqual([
      'puppeteer-core@25.16.0 wants Node >=22.12.0',
      'listr2@10.2.2 wants Node >=22.13.0',
    ]);
    expect(enginesProblems('>=20', packages)).toContain('vite@7.3.8 wants Node ^20.19.0 || >=22.12.0');
  });
});
