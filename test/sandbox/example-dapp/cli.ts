/**
 * Serves the example dApp next to a running sandbox (`npm run sandbox` or `npm start`):
 *   npm run dapp            → http://dapp.localhost:8790, service at http://127.0.0.1:8787
 * Env: SANDBOX_ORIGIN, SANDBOX_API_KEY, DAPP_PORT.
 */
import { DEFAULT_API_KEY } from '../auth.ts';
import { INTEGRATION_BASE_PATH } from '../integration/operations.ts';
import { DEFAULT_DAPP_PORT, DEMO_DAPP_HOST, startExampleDapp } from './server.ts';

const serviceOrigin = (process.env.SANDBOX_ORIGIN ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const dapp = await startExampleDapp({
  serviceOrigin,
  integrationBaseUrl: `${serviceOrigin}${INTEGRATION_BASE_PATH}`,
  apiKey: process.env.SANDBOX_API_KEY || DEFAULT_API_KEY,
  port: Number(process.env.DAPP_PORT) || DEFAULT_DAPP_PORT,
  publicHost: DEMO_DAPP_HOST,
});
console.log(`Example dApp: ${dapp.origin} (service ${serviceOrigin})`);
