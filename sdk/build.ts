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
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMessagesText } from '@wxt-dev/i18n/build';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { build, transformWithEsbuild, type Plugin } from 'vite';
import { BROWSER_ENTRY_BUDGET, browserEntryGzipBytes } from './size.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..');
const dist = join(here, 'dist');

/** The entries that exist. */
const entries = Object.fromEntries(
  ['index', 'testing', 'server', 'qr'].map((name) => [name, join(here, 'src', `${name}.ts`)] as const).filter(([, file]) => existsSync(file)),
);

/** WXT's browser-only modules, served in Node by nodeStandIns below. */
const STOOD_IN = new Set(['#i18n', 'wxt/browser']);
/** Packages (snarkjs, qr, node:…) stay imports: resolved where the package is installed. */
const isExternal = (id: string) => !STOOD_IN.has(id) && !/^(\.|\/|@\/|\0)/.test(id) && !/^[A-Za-z]:[\\/]/.test(id);

await rm(dist, { recursive: true, force: true });

/**
 * What the extension's service client (lib/api, shared by the server entry's proof sessions) reads
 * through WXT's browser-only modules, served in Node: its messages (`#i18n`) in English from
 * locales/en.yml (the `errors` section, the only one it uses), and no `browser` (`wxt/browser`: the
 * locale then is the runtime's own).
 */
function nodeStandIns(): Plugin {
  const I18N = '\0vantage-sdk-i18n';
  const BROWSER = '\0vantage-sdk-browser';
  return {
    name: 'vantage-sdk-node-stand-ins',
    enforce: 'pre',
    resolveId: (id) => (id === '#i18n' ? I18N : id === 'wxt/browser' ? BROWSER : null),
    async load(id) {
      if (id === BROWSER) return 'export const browser = undefined;';
      if (id !== I18N) return null;
      const parsed = parseMessagesText(await readFile(join(repoRoot, 'locales/en.yml'), 'utf8'), 'YAML');
      const messages = Object.fromEntries(parsed.flatMap((m) => (m.key[0] === 'errors' && m.type === 'simple' ? [[m.key.join('.'), m.message]] : [])));
      return `const MESSAGES = ${JSON.stringify(messages)};
export const i18n = {
  t(key, ...args) {
    const message = MESSAGES[key] ?? key;
    const named = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a));
    return named ? message.replace(/\\{([A-Za-z0-9_]+)\\}/g, (m, k) => (Object.prototype.hasOwnProperty.call(named, k) ? String(named[k]) : m)) : message;
  },
};`;
    },
  };
}

/**
 * The browser entry is built on its own, so dist/index.js is one self-contained file (what a page loads,
 * and what its budget measures); so is the QR entry (a page's, with its library); testing and server share
 * their chunks. testing.js thus has its own copy of VantageError: isVantageError and the browser entry's
 * requestScoreProof judge errors by name and code.
 */
/**
 * Whitespace and comments go too (Vite's library mode keeps them in ES output): the browser entry is
 * weighed as shipped, and a dApp's bundler may not minify its dependencies.
 */
function minifyOutput(format: 'es' | 'cjs'): Plugin {
  return {
    name: 'vantage-sdk-minify',
    enforce: 'post',
    // After every renderChunk (Vite's own re-prints ES library output with its whitespace).
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunk.code = (await transformWithEsbuild(chunk.code, chunk.fileName, { minify: true, format: format === 'es' ? 'esm' : 'cjs', target: 'es2022', legalComments: 'none' })).code;
      }
    },
  };
}

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
      plugins: [nodeStandIns(), minifyOutput(format)],
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

/**
 * The documents the README links to (absolute links into this published version), shipped in the
 * package: the page API, verifying in any language, and its test vectors.
 */
await mkdir(join(dist, 'docs'), { recursive: true });
await copyFile(join(repoRoot, 'docs/page-api.md'), join(dist, 'docs/page-api.md'));
await copyFile(join(repoRoot, 'sdk/fixtures/score-proof-vectors.json'), join(dist, 'docs/score-proof-vectors.json'));
const verifying = await readFile(join(repoRoot, 'docs/verifying.md'), 'utf8');
await writeFile(join(dist, 'docs/verifying.md'), verifying.split('../sdk/fixtures/score-proof-vectors.json').join('score-proof-vectors.json'));

const size = await browserEntryGzipBytes(dist);
if (size > BROWSER_ENTRY_BUDGET) {
  console.error(`@vantage/sdk: the browser entry is ${size} bytes gzip, over its budget of ${BROWSER_ENTRY_BUDGET}.`);
  process.exit(1);
}
console.info(`@vantage/sdk built: ${Object.keys(entries).join(', ')} (ESM and CommonJS); browser entry ${size} bytes gzip (budget ${BROWSER_ENTRY_BUDGET}).`);
