/**
 * The one-way line between the extension and its sandbox (test/sandbox, the
 * workspace package @vantage/sandbox). The extension never imports test code:
 * the store's sources zip leaves test/ out, so such an import would break a
 * reviewer's rebuild. The sandbox imports from the extension only the shared
 * contract: what both sides of the wire must agree on. Everything else it
 * needs is its own code or a package its package.json lists (its tests also
 * use the root's test tools).
 *
 * A test rather than an ESLint rule: imports are resolved to the files they
 * name, so `@/`, `~/` and relative paths are all caught alike, as are
 * `export … from` and `import()`, and an allowlist entry whose file moved
 * fails here instead of silently allowing nothing.
 */
import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inside, ROOT, SOURCE, sourceFiles, specifiersOf, targetOf } from './imports.ts';

/** The lib/ modules the sandbox may import: the service's API as the extension speaks it. */
const SHARED_CONTRACT: Readonly<Record<string, string>> = {
  'lib/api/catalog.ts': 'the operations: paths, methods, parameters (the sandbox routes by it)',
  'lib/api/validate.ts': "parameter validation, so both sides refuse the same requests",
  'lib/api/body.ts': 'reading JSON bodies (isRecord)',
  'lib/score/band.ts': 'the score scale and its bands',
  'lib/proof/contract.ts': "the page API's proof result, as the example dApp receives it",
};

/** The extension's own code, and its build configuration (the sources zip holds both). */
const PRODUCT = ['lib', 'components', 'entrypoints', 'wxt.config.ts'];
const SANDBOX = 'test/sandbox';
const SANDBOX_PACKAGE = '@vantage/sandbox';

const isBuiltin = (name: string) => builtinModules.includes(name);

/** Why `from` may not import `specifier` (undefined if it may), for extension code. */
function productViolation(from: string, specifier: string): string | undefined {
  const t = targetOf(from, specifier);
  if (t.kind === 'file' && inside(t.path, 'test')) return `${from} imports test code: ${specifier}`;
  if (t.kind === 'package' && t.name === SANDBOX_PACKAGE) return `${from} imports the sandbox: ${specifier}`;
  return undefined;
}

/** Why `from` may not import `specifier` (undefined if it may), for sandbox code. */
function sandboxViolation(from: string, specifier: string, packages: ReadonlySet<string>): string | undefined {
  const t = targetOf(from, specifier);
  if (t.kind === 'package') {
    return isBuiltin(t.name) || packages.has(t.name) ? undefined : `${from} imports ${specifier}, a package ${SANDBOX}/package.json does not list`;
  }
  if (inside(t.path, SANDBOX)) return undefined;
  const withExt = SOURCE.test(t.path) ? t.path : `${t.path}.ts`;
  if (withExt in SHARED_CONTRACT) return undefined;
  return `${from} imports ${specifier}, outside the sandbox and not in the shared contract (${Object.keys(SHARED_CONTRACT).join(', ')})`;
}

function readJson(path: string): Record<string, Record<string, string> | undefined> {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, Record<string, string> | undefined>;
}

/** The packages a sandbox file may use: its package's dependencies; its tests also the root's dev tools (they run under the root's vitest). */
function sandboxPackages(file: string): Set<string> {
  const own = readJson(`${SANDBOX}/package.json`);
  const names = Object.keys({ ...own.dependencies, ...own.devDependencies });
  if (/\.test\.tsx?$/.test(file)) names.push(...Object.keys(readJson('package.json').devDependencies ?? {}));
  return new Set(names);
}

function violations(files: string[], check: (file: string, specifier: string) => string | undefined): string[] {
  return files.flatMap((file) =>
    specifiersOf(readFileSync(join(ROOT, file), 'utf8')).flatMap((s) => check(file, s) ?? []),
  );
}

describe('boundaries between the extension and the sandbox', () => {
  it('the extension imports nothing from test/ (the sandbox included)', () => {
    const files = PRODUCT.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files, productViolation)).toEqual([]);
  });

  it('the sandbox imports from the extension only the shared contract, and only packages it lists', () => {
    const files = sourceFiles(SANDBOX);
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files, (file, s) => sandboxViolation(file, s, sandboxPackages(file)))).toEqual([]);
  });

  it('every shared-contract module exists and the sandbox uses it', () => {
    const used = new Set(
      sourceFiles(SANDBOX).flatMap((file) =>
        specifiersOf(readFileSync(join(ROOT, file), 'utf8')).map((s) => targetOf(file, s)).flatMap((t) => (t.kind === 'file' ? [t.path] : [])),
      ),
    );
    for (const path of Object.keys(SHARED_CONTRACT)) {
      expect(statSync(join(ROOT, path)).isFile(), path).toBe(true);
      expect(used.has(path), `${path} is in the shared contract but no sandbox file imports it`).toBe(true);
    }
  });
});

describe('the checks catch what they are meant to', () => {
  const lib = 'lib/api/client.ts';
  const sandboxFile = 'test/sandbox/data-api/index.ts';
  const packages = new Set(['snarkjs']);
  const flagged = (text: string, check: (s: string) => string | undefined) => specifiersOf(text).filter((s) => check(s) !== undefined);

  it('extension code importing test code, by any path or form', () => {
    const text = [
      "import { startSandbox } from '@/test/sandbox/server.ts';",
      "import type { Sandbox } from '~/test/sandbox/server';",
      "export { x } from '../../test/unit/render-root.ts';",
      "const m = await import('@vantage/sandbox');",
      "// import { y } from '@/test/e2e/harness.ts';",
      "import { ok } from '@/lib/api/catalog.ts';",
    ].join('\n');
    expect(flagged(text, (s) => productViolation(lib, s))).toEqual([
      '@/test/sandbox/server.ts',
      '~/test/sandbox/server',
      '../../test/unit/render-root.ts',
      '@vantage/sandbox',
    ]);
  });

  it('sandbox code importing extension code beyond the contract, or an unlisted package', () => {
    const text = [
      "import { dataOperations } from '@/lib/api/catalog.ts';",
      "import { validateParams } from '../../../lib/api/validate';",
      "import { request } from '@/lib/api/client.ts';",
      "import { x } from '@/components/stats/Num.tsx';",
      "import { y } from '@/test/e2e/harness.ts';",
      "import { z } from '../server.ts';",
      "import * as snarkjs from 'snarkjs';",
      "import { createServer } from 'node:http';",
      "import { getAddress } from 'viem';",
    ].join('\n');
    expect(flagged(text, (s) => sandboxViolation(sandboxFile, s, packages))).toEqual([
      '@/lib/api/client.ts',
      '@/components/stats/Num.tsx',
      '@/test/e2e/harness.ts',
      'viem',
    ]);
  });
});
