/**
 * Builds @vantage/sdk into dist/: one ES module per entry (index: the browser entry, testing, server),
 * bundled with what they use of the extension's page-API contract (lib/proof/contract.ts), and one
 * declaration file per entry with the contract's types inlined, so the package carries no path back
 * into this repository. Fails when the browser entry is over its size budget.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { build } from 'vite';
import { BROWSER_ENTRY_BUDGET, browserEntryGzipBytes } from './size.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..');
const dist = join(here, 'dist');

/** The entries that exist (the server entry is written apart from the others). */
const entries = Object.fromEntries(
  ['index', 'testing', 'server'].map((name) => [name, join(here, 'src', `${name}.ts`)] as const).filter(([, file]) => existsSync(file)),
);

/** Packages (snarkjs, node:…) stay imports: the package's own dependencies, resolved where it is installed. */
const isExternal = (id: string) => !/^(\.|\/|@\/|\0)/.test(id) && !/^[A-Za-z]:[\\/]/.test(id);

await rm(dist, { recursive: true, force: true });

/**
 * The browser entry is built on its own, so dist/index.js is one self-contained file (what a page loads,
 * and what its budget measures); testing and server share their chunks. testing.js thus has its own copy
 * of VantageError: isVantageError and the browser entry's requestScoreProof judge errors by name and code.
 */
const groups = [['index'], ['testing', 'server']].map((names) => Object.fromEntries(names.filter((n) => n in entries).map((n) => [n, entries[n]!])));
for (const group of groups.filter((g) => Object.keys(g).length > 0)) {
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
      lib: { entry: group, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      rollupOptions: { external: isExternal, output: { chunkFileNames: 'shared-[hash].js' } },
    },
  });
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

const size = await browserEntryGzipBytes(dist);
if (size > BROWSER_ENTRY_BUDGET) {
  console.error(`@vantage/sdk: the browser entry is ${size} bytes gzip, over its budget of ${BROWSER_ENTRY_BUDGET}.`);
  process.exit(1);
}
console.log(`@vantage/sdk built: ${Object.keys(entries).join(', ')}; browser entry ${size} bytes gzip (budget ${BROWSER_ENTRY_BUDGET}).`);
