import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { privateKeyToAccount } from 'viem/accounts';
import type { DemoWallet, WalletDirectory } from '../dataset/profile.ts';
import type { ScoreModel } from '../scores/model.ts';
import { findScoreModel } from '../scores/models.ts';
import { bandOf } from '../scores/scale.ts';
import { challengeMessage, isSignedBy } from './challenge.ts';
import { HttpError, isRecord, readJsonBody, requireMethod, sendBytes, sendJson } from './http.ts';
import type { ProofFlow } from './proof-flow.ts';
import type { ProofSession, SessionStore } from './sessions.ts';

/** The proof page of a session is `{origin}/proof/{sessionId}`. */
export const PROOF_PAGE_PREFIX = '/proof/';

export function proofPageUrl(origin: string, sessionId: string): string {
  return `${origin.replace(/\/+$/, '')}${PROOF_PAGE_PREFIX}${encodeURIComponent(sessionId)}`;
}

export interface PageDeps {
  readonly sessions: SessionStore;
  readonly flow: ProofFlow;
  readonly wallets: WalletDirectory;
  /** Shown on the page as the app asking. */
  readonly appName: string;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const SESSION_ROUTE = new RegExp(`^${PROOF_PAGE_PREFIX}(${UUID})(?:/(state|signature|demo-signature))?$`);

// A Map, not an object literal: the name comes from the URL, and `constructor` must not find Object's.
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['proof.js', 'text/javascript; charset=utf-8'],
  ['proof.css', 'text/css; charset=utf-8'],
]);
const ASSET_ROUTE = /^\/proof\/assets\/([a-z.]+)$/;

// The page loads only its own script and style and talks only to this server.
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const files = new Map<string, Promise<Buffer>>();
function pageFile(name: string): Promise<Buffer> {
  let file = files.get(name);
  if (!file) {
    file = readFile(new URL(`./page/${name}`, import.meta.url));
    files.set(name, file);
  }
  return file;
}

/** What the page script renders: what is asked, where the session stands, and the demo wallets (never their keys). */
function pageState(deps: PageDeps, session: ProofSession, model: ScoreModel) {
  const { phase, request } = session;
  const score = phase.kind === 'awaiting-wallet' ? null : phase.score;
  return {
    sessionId: session.id,
    app: deps.appName,
    web2Id: request.web2Id,
    condition: request.condition,
    model: { id: model.id, name: model.name, kind: model.kind, description: model.description },
    message: challengeMessage(session, model.name),
    expiresAt: new Date(session.expiresAt).toISOString(),
    phase: phase.kind,
    score,
    band: score === null ? null : (bandOf(score) ?? null),
    error: phase.kind === 'failed' ? phase.error : null,
    demoWallets: deps.wallets.demoWallets().map(({ label, address }) => ({ label, address })),
  };
}

function liveSession(deps: PageDeps, id: string): { session: ProofSession; model: ScoreModel } {
  const session = deps.sessions.get(id);
  const model = session && findScoreModel(session.request.scoreId);
  if (!session || !model) throw new HttpError(404, 'This proof session is unknown or has expired.');
  return { session, model };
}

async function readFields<const N extends string>(req: IncomingMessage, names: readonly N[]): Promise<Record<N, string>> {
  const body = await readJsonBody(req);
  if (!isRecord(body)) throw new HttpError(400, 'Send a JSON object.');
  const out = {} as Record<N, string>;
  for (const name of names) {
    const v = body[name];
    if (typeof v !== 'string' || v === '') throw new HttpError(400, `"${name}" must be a non-empty string.`);
    out[name] = v;
  }
  return out;
}

async function submitSignature(deps: PageDeps, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  requireMethod(req, 'POST');
  const { address, signature } = await readFields(req, ['address', 'signature']);
  const { session, model } = liveSession(deps, id);
  if (!(await isSignedBy(challengeMessage(session, model.name), address, signature))) {
    throw new HttpError(401, 'The signature was not made by this wallet for this session.');
  }
  deps.flow.start(session, model, address.toLowerCase() as `0x${string}`);
  sendJson(res, 200, pageState(deps, session, model));
}

/**
 * The throwaway demo wallets' signer: the page's demo provider asks here for
 * a personal_sign of the session's own message (and nothing else), which then
 * goes through the same server-side check as any wallet's signature.
 */
async function signAsDemoWallet(deps: PageDeps, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  requireMethod(req, 'POST');
  const { address, message } = await readFields(req, ['address', 'message']);
  const { session, model } = liveSession(deps, id);
  const wallet: DemoWallet | undefined = deps.wallets
    .demoWallets()
    .find((w) => w.address.toLowerCase() === address.toLowerCase());
  if (!wallet) throw new HttpError(404, 'No demo wallet has this address.');
  if (message !== challengeMessage(session, model.name)) {
    throw new HttpError(400, 'Demo wallets sign only this session’s message.');
  }
  const signature = await privateKeyToAccount(wallet.privateKey).signMessage({ message });
  sendJson(res, 200, { signature });
}

async function sendPage(deps: PageDeps, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  requireMethod(req, 'GET');
  const known = deps.sessions.get(id) !== undefined;
  const page = await pageFile(known ? 'proof.html' : 'expired.html');
  sendBytes(res, known ? 200 : 404, page, PAGE_HEADERS);
}

/** Answers the proof page, its assets and its JSON calls; false when the path is not the page's. */
export async function answerPage(deps: PageDeps, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const asset = ASSET_ROUTE.exec(pathname);
  if (asset) {
    const name = asset[1] as string;
    const type = ASSETS.get(name);
    if (!type) return false;
    requireMethod(req, 'GET');
    sendBytes(res, 200, await pageFile(name), { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    return true;
  }
  const route = SESSION_ROUTE.exec(pathname);
  if (!route) return false;
  const id = (route[1] as string).toLowerCase();
  switch (route[2]) {
    case undefined:
      await sendPage(deps, req, res, id);
      return true;
    case 'state': {
      requireMethod(req, 'GET');
      const { session, model } = liveSession(deps, id);
      sendJson(res, 200, pageState(deps, session, model));
      return true;
    }
    case 'signature':
      await submitSignature(deps, req, res, id);
      return true;
    default:
      await signAsDemoWallet(deps, req, res, id);
      return true;
  }
}
