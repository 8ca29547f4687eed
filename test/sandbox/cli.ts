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
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' }, host: { type: 'string' }, prefix: { type: 'string' }, 'api-key': { type: 'string' },
      seed: { type: 'string' }, anchor: { type: 'string' }, scale: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      'allowed-host': { type: 'string', multiple: true }, 'cors-origin': { type: 'string', multiple: true },
      'allow-private-network': { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log([
      'Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--prefix /dev] [--api-key KEY] [--seed S] [--anchor DATE] [--scale X]',
      '                          [--allowed-host NAME[:PORT]]... [--cors-origin ORIGIN]... [--allow-private-network]',
      '  --allowed-host           a Host name clients reach the sandbox by, besides loopback names and --host (repeatable);',
      '                           any other Host is refused with 421 (DNS rebinding). Needed behind a proxy or with --host 0.0.0.0.',
      '  --cors-origin            a web origin (https://app.example) whose pages may call the sandbox (repeatable). Default none:',
      '                           other web origins get no CORS headers and may not POST (403).',
      '  --allow-private-network  answer Private Network Access preflights (for a public --cors-origin page calling 127.0.0.1).',
    ].join('\n'));
    process.exit(0);
  }
  const port = Number(values.port ?? env.SANDBOX_PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port number: ${values.port}`);
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
  };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const o = parseCli(argv);
  const t0 = performance.now();
  const dataset = createDataset({ seed: o.seed, anchor: o.anchor, scale: o.scale });
  const genMs = performance.now() - t0;
  const sb = await startSandbox({
    port: o.port, host: o.host, prefix: o.prefix, apiKeys: [o.apiKey], dataset,
    allowedHosts: o.allowedHosts, corsOrigins: o.corsOrigins, allowPrivateNetwork: o.allowPrivateNetwork,
  });
  // The example dApp runs on its own origin, as a third-party site would.
  const dapp = o.port === 0 ? undefined : await startExampleDapp({
    serviceOrigin: sb.origin, integrationBaseUrl: sb.integrationBaseUrl, apiKey: sb.apiKey, port: DEFAULT_DAPP_PORT, publicHost: DEMO_DAPP_HOST,
  });
  const wallets = dataset.accounts.count - dataset.accounts.firstWallet;
  const lines = [
    `Vantage sandbox: seed "${dataset.seed}", anchor ${new Date(dataset.anchor * 1000).toISOString()}, ` +
      `${dataset.events.count.toLocaleString('en')} events, ${dataset.visits.count.toLocaleString('en')} visits, ` +
      `${wallets.toLocaleString('en')} wallets over ${dataset.days} days (generated in ${(genMs / 1000).toFixed(1)} s)`,
    `  origin:               ${sb.origin}`,
    `  data base URL:        ${sb.dataBaseUrl}`,
    `  integration base URL: ${sb.integrationBaseUrl}`,
    `  projects:             ${PROJECTS.map((p) => `${p.id} (chains ${p.chains.join(', ')}${p.webAnalytics ? '' : '; no web analytics'})`).join(', ')}`,
    `  API key (x-apikey):   ${sb.apiKey}`,
    ...(o.corsOrigins.length ? [`  CORS origins:         ${o.corsOrigins.join(', ')}${o.allowPrivateNetwork ? ' (private network access allowed)' : ''}`] : []),
    ...(dapp ? [`  example dApp:         ${dapp.origin} (asks for a score proof through window.vantage)`] : []),
    `  try: curl -H 'x-apikey: ${sb.apiKey}' ${sb.dataBaseUrl}/v3/data/nebula/holders/holder-change`,
    `SANDBOX_READY ${sb.origin}`,
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    Promise.all([sb.close(), dapp?.close()]).then(() => process.exit(0), () => process.exit(1));
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
