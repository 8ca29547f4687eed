/**
 * Builds @vantage/sdk into dist/: each entry (index: the browser entry, testing, server) as an ES module
 * (`.js`) and as CommonJS (`.cjs`), bundled with what they use of the extension's page-API contract
 * (lib/proof/contract.ts), and declarations for both (`.d.ts`, `.d.cts`) with the contract's types
 * inlined, so the package carries no path back into this repository. The browser entry's declarations
 * also type `window.vantage` and the `vantage:` events (dist/global.d.ts, one file both formats
 * reference, so a program that loads both declares them once). Fails when the browser entry is over its
 * size budget.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { build } from 'vite';
import { BROWSER_ENTRY_BUDGET, browserEntryGzipBytes } from './size.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..');
const dist = join(here, 'dist');

/** The entries that exist. */
const entries = Object.fromEntries(
  ['index', 'testing', 'server', 'qr'].map((name) => [name, join(here, 'src', `${name}.ts`)] as const).filter(([, file]) => existsSync(file)),
);

/** Packages (snarkjs, qr, node:…) stay imports: resolved where the package is installed. */
const isExternal = (id: string) => !/^(\.|\/|@\/|\0)/.test(id) && !/^[A-Za-z]:[\\/]/.test(id);

await rm(dist, { recursive: true, force: true });

/**
 * The browser entry is built on its own, so dist/index.js is one self-contained file (what a page loads,
 * and what its budget measures); so is the QR entry (a page's, with its library); testing and server share
 * their chunks. testing.js thus has its own copy of VantageError: isVantageError and the browser entry's
 * requestScoreProof judge errors by name and code.
 */
const groups = [['index'], ['qr'], ['testing', 'server']].map((names) => Object.fromEntries(names.filter((n) => n in entries).map((n) => [n, entries[n]!])));
const FORMATS = [
  { format: 'es', ext: 'js' },
  { format: 'cjs', ext: 'cjs' },
] as const;
for (const group of groups.filter((g) => Object.keys(g).length > 0)) {
  for (const { format, ext } of FORMATS) {
    await build({
      configFile: false,
      logLevel: 'warn',
      root: here,
      resolve: { alias: [{ find: /^@\//, replacement: `${repoRoot}/` }] },
      build: {
        outDir: dist,
        emptyOutDir: false,
        target: 'es2022',
        minify: 'esbuild',
        sourcemap: false,
        lib: { entry: group, formats: [format], fileName: (_format, name) => `${name}.${ext}` },
        rollupOptions: { external: isExternal, output: { chunkFileNames: `shared-[hash].${ext}` } },
      },
    });
  }
}

const types = await rollup({
  input: entries,
  external: isExternal,
  plugins: [
    dts({
      respectExternal: false,
      compilerOptions: {
        baseUrl: repoRoot,
        paths: { '@/*': ['./*'] },
        allowImportingTsExtensions: true,
        moduleResolution: 100 /* Bundler */,
        strict: true,
      },
    }),
  ],
});
await types.write({ dir: dist, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'shared-[hash].d.ts' });
await types.close();

/**
 * `window.vantage` and the events on `window`, typed for a dApp that loads the browser entry. Its own
 * file, referenced by index.d.ts and index.d.cts alike: two copies would clash in a program that loads both.
 */
const GLOBAL_DTS = `import type { ProviderInfo, ProofProgress, ScoreProofResult, VantageProvider } from './index.js';

declare global {
  interface Window {
    /** The Vantage extension's provider (docs/page-api.md); absent until it is injected, or when Vantage is not installed. */
    vantage?: VantageProvider;
  }
  interface WindowEventMap {
    /** The extension announces itself (EIP-6963's pattern). */
    'vantage:announce': CustomEvent<ProviderInfo>;
    /** Dispatch it to be announced to again. */
    'vantage:request': Event;
    /** A proof the user sent unasked, or one that arrived after a reload. */
    'vantage:proof': CustomEvent<ScoreProofResult>;
    /** Where a request of this page stands. */
    'vantage:progress': CustomEvent<ProofProgress>;
  }
}
`;
await writeFile(join(dist, 'global.d.ts'), GLOBAL_DTS);

/** The CommonJS declarations: the same, naming each other by `.cjs` (so TypeScript resolves `.d.cts`). */
for (const file of (await readdir(dist)).filter((f) => f.endsWith('.d.ts') && f !== 'global.d.ts')) {
  let code = await readFile(join(dist, file), 'utf8');
  if (file === 'index.d.ts') {
    code = `/// <reference path="./global.d.ts" />\n${code}`;
    await writeFile(join(dist, file), code);
  }
  await writeFile(join(dist, file.replace(/\.d\.ts$/, '.d.cts')), code.replace(/(from\s+["']\.\/[\w.-]+)\.js(["'])/g, '$1.cjs$2'));
}

const size = await browserEntryGzipBytes(dist);
if (size > BROWSER_ENTRY_BUDGET) {
  console.error(`@vantage/sdk: the browser entry is ${size} bytes gzip, over its budget of ${BROWSER_ENTRY_BUDGET}.`);
  process.exit(1);
}
console.info(`@vantage/sdk built: ${Object.keys(entries).join(', ')} (ESM and CommonJS); browser entry ${size} bytes gzip (budget ${BROWSER_ENTRY_BUDGET}).`);
