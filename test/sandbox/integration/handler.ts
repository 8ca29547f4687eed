import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WalletDirectory } from '../dataset/profile.ts';

/** What the HTTP server hands the integration API. */
export interface IntegrationContext {
  readonly wallets: WalletDirectory;
  /** True when the request carries a valid x-apikey. */
  readonly isAuthorized: (req: IncomingMessage) => boolean;
  /** The server's own origin (scheme://host:port), for URLs the API hands out. */
  readonly origin: string;
}

/**
 * Handles a request under the integration base (`/v1/...`) and the proof
 * page. `path` is the request path with the `/v1` prefix removed when present.
 * Resolves true when the request was handled, false to let the server 404 it.
 */
export type IntegrationHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<boolean>;

// Placeholder until the integration API lands (issue 4): handles nothing.
export function createIntegrationHandler(_ctx: IntegrationContext): IntegrationHandler {
  return async () => false;
}
