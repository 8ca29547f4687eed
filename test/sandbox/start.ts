/**
 * `npm start`: builds a development build of the extension preconfigured for
 * the sandbox (its demo key baked in through WXT_SANDBOX_API_KEY, its default
 * service URLs pointing at http://127.0.0.1:8787), then serves the sandbox.
 * Takes the sandbox CLI's flags (see cli.ts), plus --browser firefox and
 * --no-build.
 *
 * Runs from this package's folder (`npm start` at the root delegates here), so
 * the build runs at the repository root, and a relative WXT_OUT_DIR means what
 * it means to WXT there.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_PREFIX } from './server.ts';
import { main, parseCli } from './cli.ts';

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const noBuild = args.includes('--no-build');
if (noBuild) args.splice(args.indexOf('--no-build'), 1);
const browser = take('--browser') ?? 'chrome';
/** The extension's project: WXT builds it from there. */
const root = fileURLToPath(new URL('../..', import.meta.url));

const opts = parseCli(args);
if (!noBuild) {
  console.log(`Building the extension (development build for ${browser}, preconfigured for the sandbox)…`);
  const outDir = resolve(root, process.env.WXT_OUT_DIR ?? '.output');
  const r = spawnSync('npx', ['wxt', 'build', '--mode', 'development', ...(browser === 'chrome' ? [] : ['-b', browser])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WXT_SANDBOX_API_KEY: opts.apiKey },
  });
  if (r.status !== 0) {
    console.error('The extension build failed.');
    process.exit(r.status ?? 1);
  }
  const dir = resolve(outDir, browser === 'firefox' ? 'firefox-mv2-dev' : `${browser}-mv3-dev`);
  console.log(`\nExtension built: ${dir}`);
  console.log(browser === 'firefox'
    ? '  Load it: about:debugging → This Firefox → Load Temporary Add-on → its manifest.json'
    : '  Load it: chrome://extensions → Developer mode → Load unpacked → that folder');
  if (opts.port !== DEFAULT_PORT || opts.host !== DEFAULT_HOST || opts.prefix !== DEFAULT_PREFIX) {
    console.log(`  Note: the build's default service URLs are http://${DEFAULT_HOST}:${DEFAULT_PORT}${DEFAULT_PREFIX}; set the printed ones in its options page.`);
  }
  console.log('');
}
await main(args);
