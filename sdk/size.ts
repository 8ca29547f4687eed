/**
 * The browser entry's weight as a dApp ships it: dist/index.js and every chunk it imports, gzipped
 * one by one (as a server sends them). Used by the build (which fails over budget) and its unit test.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** 3 KB gzip: the browser entry's budget (issue #27). */
export const BROWSER_ENTRY_BUDGET = 3 * 1024;

/** Relative imports of a built module (`import … from "./x.js"`, `export … from`, `import("./x.js")`). */
function relativeImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["'](\.\/[^"']+)["']/g)].map((m) => m[1]!);
}

export async function browserEntryGzipBytes(dist: string, entry = 'index.js'): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await readFile(join(dist, file));
    total += gzipSync(code, { level: 9 }).length;
    for (const next of relativeImports(code.toString('utf8'))) await visit(next.slice(2));
  };
  await visit(entry);
  return total;
}
