/**
 * Reading the repository's imports for the architecture tests: which source
 * files there are, which modules each one names (static and type imports,
 * `export … from`, `import()`, `require()`; comments skipped), and what a
 * specifier resolves to under WXT's aliases.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../../..');

export const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', '.output', '.wxt']);
/** WXT's aliases (.wxt/tsconfig.json): all four name the project root. */
const ALIAS = /^(@@|~~|@|~)(\/|$)/;

export const posix = (p: string) => p.split(sep).join('/');
export const inside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Every source file under a root-relative path (or the path itself), root-relative. */
export function sourceFiles(path: string): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs).isDirectory()) return SOURCE.test(path) ? [path] : [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => !SKIP_DIRS.has(e.name))
    .flatMap((e) => (e.isDirectory() ? sourceFiles(`${path}/${e.name}`) : SOURCE.test(e.name) ? [`${path}/${e.name}`] : []));
}

/** Every module a source text names. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

export const importsOf = (file: string) => specifiersOf(readFileSync(join(ROOT, file), 'utf8'));

export type Target = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'package'; readonly name: string };

/** What a specifier in `from` (a root-relative path) names: a root-relative file (extension as written) or a package. */
export function targetOf(from: string, specifier: string): Target {
  if (ALIAS.test(specifier)) return { kind: 'file', path: posix(relative(ROOT, join(ROOT, specifier.replace(ALIAS, ''))) || '.') };
  if (specifier.startsWith('.')) return { kind: 'file', path: posix(relative(ROOT, resolve(ROOT, dirname(from), specifier))) };
  const parts = specifier.replace(/^node:/, '').split('/');
  return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

/** The source file a specifier in `from` loads, when it is one of the repository's (extension left out or not). */
export function resolveFile(from: string, specifier: string): string | undefined {
  const t = targetOf(from, specifier.replace(/\?.*$/, ''));
  if (t.kind !== 'file') return undefined;
  return [t.path, `${t.path}.ts`, `${t.path}.tsx`, `${t.path}/index.ts`, `${t.path}/index.tsx`]
    .find((p) => SOURCE.test(p) && existsSync(join(ROOT, p)) && statSync(join(ROOT, p)).isFile());
}
