/**
 * Serves the example dApp next to a running sandbox (`npm run sandbox` or `npm start`):
 *   npm run dapp                          → http://dapp.localhost:8790, service at http://127.0.0.1:8787
 *   npm run dapp -- --port 9000 --service http://127.0.0.1:9787
 * Env: SANDBOX_ORIGIN, SANDBOX_API_KEY, DAPP_PORT.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY } from '../auth.ts';
import { INTEGRATION_BASE_PATH } from '../integration/operations.ts';
import { DEFAULT_DAPP_PORT, DEMO_DAPP_HOST, startExampleDapp } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, service: { type: 'string' } }, strict: true });
const serviceOrigin = (values.service ?? process.env.SANDBOX_ORIGIN ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const port = Number(values.port ?? process.env.DAPP_PORT ?? DEFAULT_DAPP_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port number: ${values.port}`);
const dapp = await startExampleDapp({
  serviceOrigin,
  integrationBaseUrl: `${serviceOrigin}${INTEGRATION_BASE_PATH}`,
  apiKey: process.env.SANDBOX_API_KEY || DEFAULT_API_KEY,
  port,
  publicHost: DEMO_DAPP_HOST,
});
console.log(`Example dApp: ${dapp.origin}\nService:      ${serviceOrigin}`);
