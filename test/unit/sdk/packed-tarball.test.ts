/**
 * @vantage/sdk as a dApp developer meets it: built, packed with `npm pack`, installed from the tarball
 * into fresh projects in a temporary folder outside the repository, and then used as its docs say.
 *
 * - A browser app's install: the package and its one small library, no snarkjs.
 * - The npm page (README.md): an install line, every entry and every export listed, absolute links that
 *   point at files the package ships, LICENSE shipped.
 * - Types: every entry under `moduleResolution: bundler` and `node16` (ES module and CommonJS, and both in
 *   one program), `window.vantage` and the `vantage:` events typed; a mistake is caught.
 * - Runtime: every entry by `import` and by `require`.
 * - The docs: EVERY code block of README.md and docs/page-api.md compiled under strict TypeScript as its
 *   language says (the page's `ts`, the server's `js` checked as ES module or CommonJS), the README's
 *   quick starts the same text as page-api.md's, and the quick starts RUN as pasted: the page (in
 *   happy-dom, the testing entry's mock as the extension) against the Express server (ES module) and the
 *   plain node:http server (CommonJS); the no-extension page against its server and a running sandbox, a
 *   "phone" scanning its QR code and proving on the sandbox's proof page.
 *
 * It packs the SDK as `npm run test:unit` has just built it (`npm run build:sdk`), and refuses a build
 * older than the sources. Installs read the npm cache first (`--prefer-offline`) and ask the registry only
 * for what the cache lacks (express, its types).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { VECTORS_PATH } from '../../sdk/vectors.ts';

const run = promisify(execFile);
const ROOT = process.cwd();
/** Building, packing and installing on a loaded 2-core CI machine: generous ceilings, not timing goals. */
const SLOW = 400_000;

/** The parent's npm settings (`npm test` sets npm_config_* for its children) must not steer the fresh project's npm. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
const sh = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  run(cmd, args, { cwd, env: { ...cleanEnv, CI: 'true', ...env }, maxBuffer: 32 * 1024 * 1024 });
const install = (cwd: string, pkgs: string[] = []) => sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...pkgs], cwd);
/**
 * Installed declaration files (lib.dom.d.ts, @types, the SDK's), parsed once for every check below:
 * each check is one `tsc --noEmit -p` run in this process, and re-parsing them each time costs most of it.
 */
const parsedOnce = new Map<string, ts.SourceFile | undefined>();
/** `tsc --noEmit -p <project>` in `cwd`: 'ok', or its diagnostics as tsc prints them. */
async function tsc(cwd: string, project: string): Promise<string> {
  const diagnostics: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(join(cwd, project), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d) });
  if (!parsed) return ts.formatDiagnostics(diagnostics, ts.createCompilerHost({}));
  const host = ts.createCompilerHost(parsed.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, ...rest) => {
    if (!fileName.includes('/node_modules/')) return read(fileName, version, ...rest);
    const key = `${fileName}\0${JSON.stringify(version)}`;
    if (!parsedOnce.has(key)) parsedOnce.set(key, read(fileName, version, ...rest));
    return parsedOnce.get(key);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, configFileParsingDiagnostics: parsed.errors });
  const found = ts.getPreEmitDiagnostics(program);
  const cwdHost = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => cwd, getNewLine: () => '\n' };
  return found.length ? ts.formatDiagnostics(found, cwdHost) : 'ok';
}

/** The newest modification time among the files under `dir` (recursively); 0 when there is none. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs));
}

// ---- the docs' code blocks ----

interface Block {
  readonly doc: string;
  readonly n: number;
  readonly lang: string;
  readonly code: string;
  /** The `<!-- snippet: name -->` just above it, for the blocks the tests run. */
  readonly snippet?: string;
}

function codeBlocks(doc: string, text: string): Block[] {
  return [...text.matchAll(/(?:<!-- snippet: ([\w-]+) -->\n)?^```(\w*)\n([\s\S]*?)^```$/gm)].map((m, n) => ({
    doc, n, lang: m[2]!, code: m[3]!, ...(m[1] ? { snippet: m[1] } : {}),
  }));
}

const README = readFileSync(join(ROOT, 'sdk/README.md'), 'utf8');
const PAGE_API = readFileSync(join(ROOT, 'docs/page-api.md'), 'utf8');
const BLOCKS = [...codeBlocks('sdk/README.md', README), ...codeBlocks('docs/page-api.md', PAGE_API)];
const snippet = (name: string): string => {
  const found = BLOCKS.find((b) => b.doc === 'docs/page-api.md' && b.snippet === name);
  if (!found) throw new Error(`docs/page-api.md has no snippet ${name}`);
  return found.code;
};

/**
 * A server snippet in the other module system, as a developer would port it: its import lines as
 * `require` calls (ES module → CommonJS), or its `require` lines as imports (CommonJS → ES module).
 */
function otherModuleSystem(code: string): string {
  if (/\brequire\(/.test(code)) {
    return code.replace(/^const (\{[^}]*\}|\w+) = require\(('[^']+')\);$/gm, (_, names: string, from: string) => `import ${names} from ${from};`);
  }
  return code.replace(/^import (\{[^}]*\}|\w+) from ('[^']+');$/gm, (_, names: string, from: string) => `const ${names} = require(${from});`);
}

/** A page's TypeScript as a dApp's bundler would emit it (types dropped, imports kept). */
const transpile = (code: string) => ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;

// ---- the fresh projects ----

let browserApp: string;
let app: string;
let sandbox: Sandbox;
let manifest: { version: string; exports: Record<string, unknown>; dependencies?: Record<string, string> };

beforeAll(async () => {
  browserApp = mkdtempSync(join(tmpdir(), 'vantage-sdk-browser-app-'));
  app = mkdtempSync(join(tmpdir(), 'vantage-sdk-app-'));
  expect(relative(ROOT, app).startsWith('..'), 'the fresh projects lie outside the repository').toBe(true);
  sandbox = await startSandbox({ port: 0, scale: 0.02, warm: false });
  const built = newest(join(ROOT, 'sdk/dist'));
  const sources = Math.max(newest(join(ROOT, 'sdk/src')), newest(join(ROOT, 'lib/proof')), statSync(join(ROOT, 'docs/page-api.md')).mtimeMs);
  expect(built, 'sdk/dist is older than its sources: run `npm run build:sdk` (npm run test:unit does)').toBeGreaterThanOrEqual(sources);
  const { stdout } = await sh('npm', ['pack', '-w', '@vantage/sdk', '--pack-destination', app, '--json'], ROOT);
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  const tarball = join(app, packed!.filename);
  writeFileSync(join(browserApp, 'package.json'), JSON.stringify({ name: 'a-browser-app', private: true, type: 'module', dependencies: { '@vantage/sdk': `file:${tarball}` } }, null, 2));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'a-dapp', private: true, type: 'module', dependencies: { '@vantage/sdk': `file:./${packed!.filename}` } }, null, 2));
  await Promise.all([
    install(browserApp),
    // The server's install line (README): the SDK and snarkjs; then what the docs' snippets and this test use.
    install(app, ['snarkjs@^0.7.6', 'express@^5', '@types/express@^5', '@types/node@^20', 'happy-dom@^21']),
  ]);
  manifest = JSON.parse(readFileSync(join(app, 'node_modules/@vantage/sdk/package.json'), 'utf8')) as typeof manifest;
}, SLOW);

afterAll(async () => {
  await sandbox?.close();
  for (const dir of [app, browserApp]) if (dir) rmSync(dir, { recursive: true, force: true });
}, SLOW);

describe('the packed @vantage/sdk: package and npm page', { timeout: SLOW }, () => {
  it('installs as a package with its four entries and its LICENSE; a browser app’s install brings no snarkjs', async () => {
    expect(Object.keys(manifest.exports)).toEqual(['.', './server', './testing', './qr', './package.json']);
    expect(readFileSync(join(app, 'node_modules/@vantage/sdk/LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const { stdout } = await sh('npm', ['ls', '--all', '--json'], browserApp);
    type Tree = { version?: string; dependencies?: Record<string, Tree> };
    const tree = JSON.parse(stdout) as Tree;
    // npm lists an optional peer it did not install as an empty entry: only what has a version is installed.
    const installed = (t: Tree): string[] => Object.entries(t.dependencies ?? {}).filter(([, d]) => d.version).flatMap(([name, d]) => [name, ...installed(d)]);
    expect(installed(tree)).toEqual(['@vantage/sdk', 'qr']);
    expect(readdirSync(join(browserApp, 'node_modules')).filter((d) => !d.startsWith('.')).sort()).toEqual(['@vantage', 'qr']);
  });

  it('its npm page: install lines, every export of every entry, absolute links to files the package ships', () => {
    const readme = readFileSync(join(app, 'node_modules/@vantage/sdk/README.md'), 'utf8');
    expect(readme).toContain('npm install @vantage/sdk ');
    expect(readme).toContain('npm install @vantage/sdk snarkjs');
    for (const entry of ['index', 'server', 'testing', 'qr']) {
      const dts = readFileSync(join(app, 'node_modules/@vantage/sdk/dist', `${entry}.d.ts`), 'utf8');
      const names = [...dts.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!)).filter(Boolean);
      expect(names.length, entry).toBeGreaterThan(3);
      for (const name of names) expect(readme, `${entry} exports ${name}`).toContain(`\`${name}\``);
    }
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(3);
    const shipped = `https://cdn.jsdelivr.net/npm/@vantage/sdk@${manifest.version}/`;
    for (const link of links) {
      expect(link, 'absolute links only: relative ones break on npm').toMatch(/^https:\/\//);
      if (!link.startsWith(shipped)) continue;
      const file = link.slice(shipped.length).split('#')[0]!;
      expect(existsSync(join(app, 'node_modules/@vantage/sdk', file)), `${link} is in the package`).toBe(true);
    }
  });
});

/** What a dApp writes against the entries, in each module system: the page, its server, its tests, the QR. */
const PAGE_USE = `
import { detectVantage, requestScoreProof, isVantageError, newTab, PROGRESS_EVENT, type ProofAsk, type ScoreProofResult } from '@vantage/sdk';
import { qrCode } from '@vantage/sdk/qr';

export async function page(ask: ProofAsk): Promise<ScoreProofResult | null> {
  const provider = await detectVantage({ timeoutMs: 1000 });
  window.addEventListener('vantage:progress', (e) => console.log(e.detail.phase, e.detail.id));
  window.addEventListener(PROGRESS_EVENT, (e) => console.log(e.detail.code));
  window.addEventListener('vantage:announce', (e) => console.log(e.detail.rdns));
  const viaGlobal: Promise<ScoreProofResult> | undefined = window.vantage?.requestScoreProof(ask);
  void viaGlobal;
  try {
    return await requestScoreProof(ask, { provider, signal: AbortSignal.timeout(60_000), withoutExtension: { session: '/s', show: provider ? newTab() : qrCode() } });
  } catch (e) {
    if (isVantageError(e)) console.log(e.code, e.data);
    return null;
  }
}
`;
const SERVER_USE = `
import { verifyScoreProof, MemoryNullifierStore, ProofAsks, ProofSessions, type ScoreProofVerdict } from '@vantage/sdk/server';
import { mockVantage, MOCK_SERVICE_KEYS } from '@vantage/sdk/testing';

export async function server(result: unknown): Promise<number | string> {
  const asks = new ProofAsks();
  const asked = asks.create({ scoreId: 'credit-v1', condition: 600, web2Id: 'alice' });
  const sessions = new ProofSessions({ apiKey: 'k', integrationBaseUrl: 'https://s.example/v1', proofPageTemplate: 'https://s.example/proof/{sessionId}' });
  const own = sessions.proved('x');
  const verdict: ScoreProofVerdict = await verifyScoreProof(own?.result ?? result, { ...asked, keys: MOCK_SERVICE_KEYS, nullifiers: new MemoryNullifierStore(), maxAgeMs: 1000, startedAt: own?.startedAt });
  return verdict.ok ? verdict.score : verdict.reason;
}

export function tests(win: Window): void {
  mockVantage(win, { user: 'approve', score: 700 }).uninstall();
}
`;

describe('the packed @vantage/sdk: types and module systems', { timeout: SLOW }, () => {
  const config = (compilerOptions: object, files: string[]) => JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', lib: ['ES2022', 'DOM'], types: ['node'], skipLibCheck: false, ...compilerOptions }, files,
  });

  it('type-checks under moduleResolution bundler, and catches a mistake', async () => {
    writeFileSync(join(app, 'use-bundler.ts'), PAGE_USE + SERVER_USE);
    writeFileSync(join(app, 'tsconfig.bundler.json'), config({ module: 'ESNext', moduleResolution: 'Bundler' }, ['use-bundler.ts']));
    expect(await tsc(app, 'tsconfig.bundler.json')).toBe('ok');
    writeFileSync(join(app, 'use-bundler.ts'), `${PAGE_USE + SERVER_USE}\nconst wrong: ScoreProofVerdict = { ok: true };\nwindow.addEventListener('vantage:progress', (e) => e.detail.nope);\n`);
    const broken = await tsc(app, 'tsconfig.bundler.json');
    expect(broken).toMatch(/use-bundler\.ts\(\d+,\d+\): error TS2322: Type '\{ ok: true; \}' is not assignable to type 'ScoreProofVerdict'/);
    expect(broken).toMatch(/Property 'nope' does not exist on type 'ProofProgress'/);
  });

  it('type-checks under node16: as ES module, as CommonJS, and both in one program', async () => {
    writeFileSync(join(app, 'use-esm.mts'), PAGE_USE + SERVER_USE);
    writeFileSync(join(app, 'use-cjs.cts'), PAGE_USE + SERVER_USE);
    for (const [name, files] of [['esm', ['use-esm.mts']], ['cjs', ['use-cjs.cts']], ['both', ['use-esm.mts', 'use-cjs.cts']]] as const) {
      writeFileSync(join(app, `tsconfig.node16-${name}.json`), config({ module: 'Node16', moduleResolution: 'Node16' }, [...files]));
      expect(await tsc(app, `tsconfig.node16-${name}.json`), name).toBe('ok');
    }
  });

  it('every entry loads by import and by require, with its exports', async () => {
    const entries = ['@vantage/sdk', '@vantage/sdk/server', '@vantage/sdk/testing', '@vantage/sdk/qr'];
    const probe = (load: string) => `const out = {};
for (const entry of ${JSON.stringify(entries)}) out[entry] = Object.keys(${load}).sort();
console.log(JSON.stringify(out));`;
    writeFileSync(join(app, 'load.mjs'), probe('await import(entry)'));
    writeFileSync(join(app, 'load.cjs'), probe('require(entry)'));
    const esm = JSON.parse((await sh(process.execPath, ['load.mjs'], app)).stdout) as Record<string, string[]>;
    const cjs = JSON.parse((await sh(process.execPath, ['load.cjs'], app)).stdout) as Record<string, string[]>;
    expect(esm['@vantage/sdk']).toEqual(expect.arrayContaining(['detectVantage', 'requestScoreProof', 'newTab', 'VantageError', 'PROGRESS_EVENT']));
    expect(esm['@vantage/sdk/server']).toEqual(expect.arrayContaining(['verifyScoreProof', 'ProofAsks', 'ProofSessions', 'MemoryNullifierStore']));
    expect(esm['@vantage/sdk/testing']).toEqual(expect.arrayContaining(['mockVantage', 'MOCK_SERVICE_KEYS']));
    expect(esm['@vantage/sdk/qr']).toEqual(expect.arrayContaining(['qrCode', 'qrSvg']));
    expect(cjs).toEqual(esm);
  });

  it('verifies in both module systems against the sandbox’s keys; without snarkjs it says so', async () => {
    writeFileSync(join(app, 'vectors.json'), readFileSync(VECTORS_PATH));
    const verify = (load: string) => `${load}
const vectors = JSON.parse(require('node:fs').readFileSync('vectors.json', 'utf8'));
const { result, ask } = vectors.cases.find((c) => c.name === 'a valid proof, as asked');
const tampered = structuredClone(result);
tampered.proof.publicSignals[0] = tampered.publicSignals[0] = '850';
tampered.score = 850;
const options = { ...ask, serviceOrigin: process.argv[2], nullifiers: new MemoryNullifierStore() };
Promise.all([verifyScoreProof(result, options), verifyScoreProof(tampered, options)]).then((vs) =>
  console.log(JSON.stringify(vs.map((v) => (v.ok ? v.score : v.reason)))));`;
    writeFileSync(join(app, 'verify.cjs'), verify("const { verifyScoreProof, MemoryNullifierStore } = require('@vantage/sdk/server');"));
    writeFileSync(join(app, 'verify.mjs'), verify("import { createRequire } from 'node:module';\nimport { verifyScoreProof, MemoryNullifierStore } from '@vantage/sdk/server';\nconst require = createRequire(import.meta.url);"));
    for (const file of ['verify.cjs', 'verify.mjs']) {
      expect(JSON.parse((await sh(process.execPath, [file, sandbox.origin], app)).stdout), file).toEqual([712, 'invalid-proof']);
    }
    // The browser app has no snarkjs: its server entry answers a verdict that says what to install.
    writeFileSync(join(browserApp, 'verify.mjs'), readFileSync(join(app, 'verify.mjs')));
    writeFileSync(join(browserApp, 'vectors.json'), readFileSync(VECTORS_PATH));
    expect(JSON.parse((await sh(process.execPath, ['verify.mjs', sandbox.origin], browserApp)).stdout)).toEqual(['verifier-unavailable', 'verifier-unavailable']);
  });
});

describe('the docs, pasted', { timeout: SLOW }, () => {
  it('every code block of README.md and docs/page-api.md compiles under strict TypeScript (or is the install line, or JSON)', async () => {
    expect(BLOCKS.length).toBeGreaterThan(12);
    const files = { page: [] as string[], esm: [] as string[], cjs: [] as string[] };
    for (const b of BLOCKS) {
      const name = `doc-${b.doc.replace(/\W+/g, '-')}-${b.n}`;
      if (b.lang === 'sh') {
        for (const line of b.code.split('\n').filter((l) => l.trim() && !l.startsWith('#'))) expect(line, `${b.doc} #${b.n}`).toMatch(/^npm install @vantage\/sdk( snarkjs)?\s/);
      } else if (b.lang === 'json') {
        expect(() => JSON.parse(b.code), `${b.doc} #${b.n}`).not.toThrow();
      } else if (b.lang === 'ts') {
        writeFileSync(join(app, `${name}.ts`), b.code.includes('import ') ? b.code : `${b.code}\nexport {};\n`);
        files.page.push(`${name}.ts`);
      } else if (b.lang === 'js') {
        const cjs = /\brequire\(/.test(b.code);
        writeFileSync(join(app, `${name}.${cjs ? 'cjs' : 'mjs'}`), b.code);
        files[cjs ? 'cjs' : 'esm'].push(`${name}.${cjs ? 'cjs' : 'mjs'}`);
      } else {
        throw new Error(`${b.doc} #${b.n}: a \`${b.lang || 'plain'}\` block, which this test cannot check: mark it ts, js, json or sh`);
      }
    }
    expect(files.page.length).toBeGreaterThan(5);
    expect(files.esm.length).toBeGreaterThanOrEqual(2);
    expect(files.cjs.length).toBeGreaterThanOrEqual(1);
    // Each page block as its own module (top-level await), in a bundler's resolution with the DOM.
    writeFileSync(join(app, 'tsconfig.docs-page.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: ['node'], moduleDetection: 'force' }, files: files.page,
    }));
    expect(await tsc(app, 'tsconfig.docs-page.json')).toBe('ok');
    // The server's blocks as Node runs them: JavaScript checked by TypeScript (checkJs, strict), node16.
    writeFileSync(join(app, 'tsconfig.docs-server.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, allowJs: true, checkJs: true, target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', lib: ['ES2022'], types: ['node'] }, files: [...files.esm, ...files.cjs],
    }));
    expect(await tsc(app, 'tsconfig.docs-server.json')).toBe('ok');
  });

  it('the README’s quick starts are page-api.md’s, to the letter', () => {
    const tagged = (doc: string) => Object.fromEntries(BLOCKS.filter((b) => b.doc === doc && b.snippet).map((b) => [b.snippet!, b.code]));
    const api = tagged('docs/page-api.md');
    expect(Object.keys(api).sort()).toEqual(['no-extension-page', 'no-extension-server', 'page-quick-start', 'server-express-esm', 'server-http-cjs', 'testing']);
    expect(tagged('sdk/README.md')).toEqual(api);
  });

  /** A server snippet, as pasted, running on a free port with its environment; stopped after the test. */
  const servers: ChildProcess[] = [];
  afterAll(() => {
    for (const child of servers) child.kill();
  });
  async function serve(file: string, code: string, env: Record<string, string>): Promise<string> {
    writeFileSync(join(app, file), code);
    const port = await freePort();
    const child = spawn(process.execPath, [file], { cwd: app, env: { ...cleanEnv, ...env, PORT: String(port), SITE_ORIGIN: `http://localhost:${port}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    servers.push(child);
    let output = '';
    child.stdout!.on('data', (b: Buffer) => (output += b));
    child.stderr!.on('data', (b: Buffer) => (output += b));
    const origin = `http://localhost:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`${file} exited: ${output}`);
      if (await fetch(`${origin}/nothing-here`).then(() => true, () => false)) return origin;
      if (i > 200) throw new Error(`${file} did not listen: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The service's keys for the mock's proofs, served where a dApp's server fetches a service's keys. */
  let keysServer: Server;
  let keysOrigin: string;
  beforeAll(async () => {
    writeFileSync(join(app, 'mock-keys.mjs'), "import { MOCK_SERVICE_KEYS } from '@vantage/sdk/testing';\nconsole.log(JSON.stringify(MOCK_SERVICE_KEYS));");
    const keys = JSON.parse((await sh(process.execPath, ['mock-keys.mjs'], app)).stdout) as { verificationKey: unknown; attestationKey: unknown };
    keysServer = createServer((req, res) => {
      const body = req.url === '/zk/verification_key.json' ? keys.verificationKey : req.url === '/zk/attestation_key.json' ? keys.attestationKey : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((r) => keysServer.listen(0, '127.0.0.1', r));
    keysOrigin = `http://127.0.0.1:${(keysServer.address() as AddressInfo).port}`;
    writeFileSync(join(app, 'run-page.mjs'), RUN_PAGE);
  }, SLOW);
  afterAll(() => new Promise<void>((r) => (keysServer ? keysServer.close(() => r()) : r())));

  const runPage = async (pageFile: string, origin: string, mode: string) =>
    JSON.parse((await sh(process.execPath, ['run-page.mjs', pageFile, origin, mode], app)).stdout.trim().split('\n').pop()!) as { status: string };

  it('the page and server quick starts work together: Express and node:http, each as an ES module and as CommonJS', async () => {
    writeFileSync(join(app, 'page-quick-start.mjs'), transpile(snippet('page-quick-start')));
    const express = snippet('server-express-esm');
    const http = snippet('server-http-cjs');
    const servers = [['express.mjs', express], ['http.cjs', http], ['express.cjs', otherModuleSystem(express)], ['http.mjs', otherModuleSystem(http)]] as const;
    expect(servers[2][1]).toContain("const { MemoryNullifierStore, ProofAsks, verifyScoreProof } = require('@vantage/sdk/server');");
    expect(servers[3][1]).toContain("import { MemoryNullifierStore, ProofAsks, verifyScoreProof } from '@vantage/sdk/server';");
    // The four servers side by side: most of a page's run is the SDK waiting out its detection time-out.
    await Promise.all(servers.map(async ([file, code]) => {
      const origin = await serve(file, code, { VANTAGE_SERVICE_ORIGIN: keysOrigin });
      expect(await runPage('page-quick-start.mjs', origin, 'mock'), file).toEqual({ status: 'Score 747 verified.' });
      // The server really checks: a proof bound to another site is refused, and the page says so.
      expect(await runPage('page-quick-start.mjs', origin, 'mock-elsewhere'), file).toEqual({ status: 'Your server refused the proof: wrong-origin' });
      // No extension, and the page did not opt in: the install hint, nothing asked.
      expect(await runPage('page-quick-start.mjs', origin, 'none'), file).toEqual({ status: 'Install the Vantage extension to prove your score here.' });
    }));
  });

  it('users without the extension: the page’s server runs the session with its key, a phone scans the QR code and proves, the server verifies', async () => {
    writeFileSync(join(app, 'no-extension-page.mjs'), transpile(snippet('no-extension-page')));
    const origin = await serve('no-extension-server.mjs', snippet('no-extension-server'), { VANTAGE_SERVICE_ORIGIN: sandbox.origin, VANTAGE_API_KEY: sandbox.apiKey });
    expect(await runPage('no-extension-page.mjs', origin, 'phone')).toEqual({ status: expect.stringMatching(/^Score \d+ verified\.$/) });
  });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * Runs a page snippet in happy-dom at the dApp's origin, its buttons and status line in the body:
 * `mock` puts the testing entry's mockVantage in as the extension (`mock-elsewhere`: as on another
 * site), `none` has no extension, `phone` has none and plays a phone: it scans the QR code the page
 * shows and proves on the service's proof page with a demo wallet that meets the minimum. Prints the
 * status line the page ends with, as JSON.
 */
const RUN_PAGE = `
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';
import decodeQR from 'qr/decode.js';

const [pageFile, origin, mode] = process.argv.slice(2);
const win = new Window({ url: origin + '/' });
win.document.body.innerHTML = '<button id="prove-score">Prove</button><button id="prove-here">Here</button><button id="prove-on-phone">Phone</button><p id="prove-status"></p>';
for (const name of ['window', 'document', 'location', 'Event', 'CustomEvent', 'HTMLElement', 'Node']) globalThis[name] = name === 'window' ? win : win[name];
// The page's fetch is the page's (its origin, its rules); the phone below has its own browser.
const phoneFetch = globalThis.fetch;
globalThis.fetch = win.fetch.bind(win);
if (mode.startsWith('mock')) {
  const { mockVantage } = await import('@vantage/sdk/testing');
  mockVantage(win, mode === 'mock-elsewhere' ? { origin: 'https://phish.example' } : {});
}
await import(pathToFileURL(pageFile).href);
const status = win.document.querySelector('#prove-status');
win.document.querySelector(mode === 'phone' ? '#prove-on-phone' : '#prove-score').click();

const until = async (what, test, ms = 120000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = test();
    if (v) return v;
  }
  throw new Error('timed out waiting for ' + what + '; status: ' + status.textContent);
};

if (mode === 'phone') {
  // The phone's camera: the code as drawn, read back.
  const svg = await until('the QR code', () => win.document.querySelector('[data-vantage-qr="shown"] svg'));
  const n = Number(svg.getAttribute('viewBox').split(' ')[2]);
  const scale = 4, size = n * scale, data = new Uint8Array(size * size * 4).fill(255);
  for (const [, x, y] of svg.querySelector('path').getAttribute('d').matchAll(/M(\\d+) (\\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) data.fill(0, ((+y * scale + dy) * size + +x * scale + dx) * 4, ((+y * scale + dy) * size + +x * scale + dx) * 4 + 3);
  }
  const url = decodeQR({ width: size, height: size, data });
  // The phone's browser on the proof page: a demo wallet signs; the first that meets the minimum proves.
  const api = (path, body) => phoneFetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}).then((r) => r.json());
  const state = await api('/state');
  for (const wallet of state.demoWallets) {
    const { signature } = await api('/demo-signature', { address: wallet.address, message: state.message });
    const after = await api('/signature', { address: wallet.address, signature });
    if (after.phase !== 'below-condition') break;
  }
}
await until('the end', () => /verified|refused|said|Install/.test(status.textContent));
console.log(JSON.stringify({ status: status.textContent }));
await win.happyDOM.close();
process.exit(0);
`;
