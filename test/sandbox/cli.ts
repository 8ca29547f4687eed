/**
 * `npm run sandbox`: generates the dataset and serves the sandbox.
 *   --port N        (default 8787, env SANDBOX_PORT)
 *   --host H        (default 127.0.0.1, env SANDBOX_HOST)
 *   --prefix P      stage prefix before /v3 (default /dev)
 *   --api-key K     the demo API key (env SANDBOX_API_KEY; default vantage-sandbox-demo-key)
 *   --seed S        dataset seed (default "vantage")
 *   --anchor DATE   the dataset's "now" (ISO date or Unix seconds; default: the current time)
 *   --scale X       dataset size multiplier (default 1)
 *   --allowed-host H  another Host name clients use (repeatable; `name` or `name:port`); loopback names
 *                   and --host are always answered, any other Host is refused (DNS rebinding)
 *   --cors-origin O  a web origin whose pages may call the sandbox (repeatable; default none: the
 *                   extension, the proof page and server-side code need none)
 *   --allow-private-network  answer Private Network Access preflights for those origins
 *   --dapp-port N   the example dApp's port (default 8790, env DAPP_PORT; 0: any free port). With --port 0
 *                   and no --dapp-port (a test's throwaway sandbox) no dApp is started
 *   --no-dapp       serve no example dApp
 * It prints both addresses: the service's and the example dApp's.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY } from './auth.ts';
import { corsOrigin } from './cors.ts';
import { allowedHost } from './host-check.ts';
import { createDataset, PROJECTS } from './dataset/index.ts';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_PREFIX, startSandbox } from './server.ts';
import { DEFAULT_DAPP_PORT, DEMO_DAPP_HOST, startExampleDapp } from './example-dapp/server.ts';

export interface CliOptions {
  port: number;
  host: string;
  prefix: string;
  apiKey: string;
  seed?: string;
  anchor?: string;
  scale?: number;
  allowedHosts: string[];
  corsOrigins: string[];
  allowPrivateNetwork: boolean;
  /** The example dApp's port; null: no dApp. */
  dappPort: number | null;
}

const portNumber = (flag: string, v: string): number => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag}: not a port number: ${v}`);
  return n;
};

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' }, host: { type: 'string' }, prefix: { type: 'string' }, 'api-key': { type: 'string' },
      seed: { type: 'string' }, anchor: { type: 'string' }, scale: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      'allowed-host': { type: 'string', multiple: true }, 'cors-origin': { type: 'string', multiple: true },
      'allow-private-network': { type: 'boolean' }, 'dapp-port': { type: 'string' }, 'no-dapp': { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log([
      'Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--prefix /dev] [--api-key KEY] [--seed S] [--anchor DATE] [--scale X]',
      '                          [--allowed-host NAME[:PORT]]... [--cors-origin ORIGIN]... [--allow-private-network]',
      '                          [--dapp-port 8790 | --no-dapp]',
      '  --port                   the service\'s port (default 8787, env SANDBOX_PORT; 0: any free port).',
      '  --dapp-port              the example dApp\'s port (default 8790, env DAPP_PORT; 0: any free port). With --port 0 and',
      '                           no --dapp-port, no dApp is started. --no-dapp: none at all.',
      '  --allowed-host           a Host name clients reach the sandbox by, besides loopback names and --host (repeatable);',
      '                           any other Host is refused with 421 (DNS rebinding). Needed behind a proxy or with --host 0.0.0.0.',
      '  --cors-origin            a web origin (https://app.example) whose pages may call the sandbox (repeatable). Default none:',
      '                           other web origins get no CORS headers and may not POST (403).',
      '  --allow-private-network  answer Private Network Access preflights (for a public --cors-origin page calling 127.0.0.1).',
    ].join('\n'));
    process.exit(0);
  }
  const port = portNumber('--port', String(values.port ?? env.SANDBOX_PORT ?? DEFAULT_PORT));
  const dappPortGiven = values['dapp-port'] ?? env.DAPP_PORT;
  const dappPort = values['no-dapp'] ? null
    : dappPortGiven !== undefined ? portNumber('--dapp-port', dappPortGiven)
    : port === 0 ? null : DEFAULT_DAPP_PORT;
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && !(scale > 0)) throw new Error(`--scale: must be a positive number`);
  const allowedHosts = values['allowed-host'] ?? [];
  allowedHosts.forEach(allowedHost);
  const corsOrigins = (values['cors-origin'] ?? []).map(corsOrigin);
  return {
    port, host: values.host ?? env.SANDBOX_HOST ?? DEFAULT_HOST, prefix: values.prefix ?? DEFAULT_PREFIX,
    apiKey: values['api-key'] ?? env.SANDBOX_API_KEY ?? DEFAULT_API_KEY,
    seed: values.seed, anchor: values.anchor, scale, allowedHosts, corsOrigins,
    allowPrivateNetwork: values['allow-private-network'] ?? false,
    dappPort,
  };
}

export interface Running {
  /** The service's origin. */
  readonly origin: string;
  /** The example dApp's origin, when one was started. */
  readonly dappOrigin?: string;
  close(): Promise<void>;
}

/** Starts what the flags say and prints the addresses; `main` adds the signal handlers. */
export async function run(argv: string[]): Promise<Running> {
  const o = parseCli(argv);
  const t0 = performance.now();
  const dataset = createDataset({ seed: o.seed, anchor: o.anchor, scale: o.scale });
  const genMs = performance.now() - t0;
  const sb = await startSandbox({
    port: o.port, host: o.host, prefix: o.prefix, apiKeys: [o.apiKey], dataset,
    allowedHosts: o.allowedHosts, corsOrigins: o.corsOrigins, allowPrivateNetwork: o.allowPrivateNetwork,
  });
  // The example dApp runs on its own origin, as a third-party site would.
  const dapp = o.dappPort === null ? undefined : await startExampleDapp({
    serviceOrigin: sb.origin, integrationBaseUrl: sb.integrationBaseUrl, apiKey: sb.apiKey, port: o.dappPort, publicHost: DEMO_DAPP_HOST,
  }).catch(async (e: unknown) => {
    await sb.close();
    throw new Error(`The example dApp could not listen on port ${o.dappPort} (${e instanceof Error ? e.message : String(e)}); choose another with --dapp-port, or --no-dapp.`);
  });
  const wallets = dataset.accounts.count - dataset.accounts.firstWallet;
  const lines = [
    `Vantage sandbox: seed "${dataset.seed}", anchor ${new Date(dataset.anchor * 1000).toISOString()}, ` +
      `${dataset.events.count.toLocaleString('en')} events, ${dataset.visits.count.toLocaleString('en')} visits, ` +
      `${wallets.toLocaleString('en')} wallets over ${dataset.days} days (generated in ${(genMs / 1000).toFixed(1)} s)`,
    `  service:              ${sb.origin}`,
    `  data base URL:        ${sb.dataBaseUrl}`,
    `  integration base URL: ${sb.integrationBaseUrl}`,
    `  projects:             ${PROJECTS.map((p) => `${p.id} (chains ${p.chains.join(', ')}${p.webAnalytics ? '' : '; no web analytics'})`).join(', ')}`,
    `  API key (x-apikey):   ${sb.apiKey}`,
    ...(o.corsOrigins.length ? [`  CORS origins:         ${o.corsOrigins.join(', ')}${o.allowPrivateNetwork ? ' (private network access allowed)' : ''}`] : []),
    dapp ? `  example dApp:         ${dapp.origin} (asks for a score proof: through Vantage, or without it through its server)` : '  example dApp:         not started (--dapp-port N to start one)',
    `  try: curl -H 'x-apikey: ${sb.apiKey}' ${sb.dataBaseUrl}/v3/data/nebula/holders/holder-change`,
    `SANDBOX_READY ${sb.origin}`,
  ];
  console.log(lines.join('\n'));
  return {
    origin: sb.origin,
    ...(dapp ? { dappOrigin: dapp.origin } : {}),
    close: async () => {
      await Promise.all([sb.close(), dapp?.close()]);
    },
  };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const running = await run(argv);
  const stop = () => {
    running.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
