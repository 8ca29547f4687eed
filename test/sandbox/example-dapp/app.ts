/**
 * The example dApp's page script (bundled by server.ts). It is written on @vantage/sdk's browser entry,
 * as a dApp would be: detectVantage (the announce handshake, Firefox's late injection), requestScoreProof
 * with its progress and an AbortSignal behind "Cancel request", VantageError codes, and vantage:proof for
 * proofs the user starts from the popup; its server accepts a proof only after every check. Without
 * Vantage it offers the no-extension path: its server runs the proof session with its own key, and the
 * user proves in a new tab or on a phone (a QR code, @vantage/sdk/qr).
 */
import { detectVantage, isVantageError, newTab, requestScoreProof, type ProofPageShow, type ProofProgress, type ScoreProofResult, type VantageProvider } from '@vantage/sdk';
import { qrCode } from '@vantage/sdk/qr';
import { bandOf } from '@/lib/score/band.ts';
import type { Asked, Verdict } from './accept.ts';

interface Snarkjs {
  groth16: { verify(vkey: unknown, publicSignals: readonly string[], proof: unknown): Promise<boolean> };
}
declare global {
  interface Window {
    snarkjs?: Snarkjs;
  }
}

const el = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const form = el<HTMLFormElement>('ask');
const button = el<HTMLButtonElement>('request');
const cancel = el<HTMLButtonElement>('cancel');
const status = el('status');

function setStatus(text: string, kind: 'info' | 'error' = 'info', code?: number) {
  status.textContent = text;
  status.dataset.kind = kind;
  if (code !== undefined) status.dataset.code = String(code);
  else delete status.dataset.code;
}

const withoutExtension = el('without-extension');
const proveInTab = el<HTMLButtonElement>('prove-tab');
const proveOnPhone = el<HTMLButtonElement>('prove-phone');

// ---- discovery ----
let vantage: VantageProvider | null = null;
function found(provider: VantageProvider | null): boolean {
  if (!provider) return false;
  vantage = provider;
  const ext = el('extension');
  ext.dataset.state = 'found';
  ext.textContent = `${provider.name} ${provider.version} is ready.`;
  button.disabled = false;
  withoutExtension.hidden = true;
  return true;
}
void detectVantage({ timeoutMs: 3000 }).then(async (provider) => {
  if (found(provider)) return;
  const ext = el('extension');
  ext.dataset.state = 'missing';
  ext.textContent = 'The Vantage extension was not found. Install it, then reload this page — or prove without it below.';
  withoutExtension.hidden = false;
  // A browser that injects it very late still gets it.
  found(await detectVantage({ timeoutMs: 60_000 }));
});

// ---- the service's verification key, for the page's own offline check ----
// Served by this dApp's own server (it fetches it from the service), so the page talks to its origin only.
const vkey = fetch('/zk/verification_key.json').then((r) => r.json() as Promise<unknown>);
/**
 * snarkjs (~700 KB) is loaded when the first proof needs its offline check, not with the page: most visits never
 * get a proof. A failed load is tried again with the next proof.
 */
let snarkjsLoading: Promise<Snarkjs> | undefined;
function loadSnarkjs(): Promise<Snarkjs> {
  snarkjsLoading ??= new Promise<Snarkjs>((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src: '/vendor/snarkjs.min.js' });
    const failed = () => {
      script.remove();
      snarkjsLoading = undefined;
      reject(new Error('snarkjs did not load'));
    };
    script.onload = () => (window.snarkjs ? resolve(window.snarkjs) : failed());
    script.onerror = failed;
    document.head.append(script);
  });
  return snarkjsLoading;
}

// ---- showing a proof and checking it ----
function check(id: string, label: string): (ok: boolean, note?: string) => void {
  const li = document.createElement('li');
  li.dataset.check = id;
  li.dataset.ok = 'pending';
  li.textContent = label;
  el('checks').append(li);
  return (ok, note) => {
    li.dataset.ok = String(ok);
    li.textContent = note ? `${label}: ${note}` : label;
  };
}

// ---- progress ----
const PHASE_TEXT: Record<ProofProgress['phase'], string> = {
  requested: 'Asked Vantage',
  consent: 'Vantage asks for your approval',
  approved: 'Approved',
  'proof-page': 'The service’s proof page is open (a tab, or your phone): connect your wallet there',
  'proof-received': 'Proof received',
  verifying: 'Vantage checks the proof with the service',
  'handed-over': 'Handed over to this page',
  failed: 'Ended without a proof',
};
function showProgress(p: ProofProgress) {
  const li = document.createElement('li');
  li.dataset.phase = p.phase;
  li.textContent = p.code === undefined ? PHASE_TEXT[p.phase] : `${PHASE_TEXT[p.phase]} (code ${p.code})`;
  el('progress').append(li);
}

// ---- this site's server: every check before it believes the proof ----
async function accept(result: ScoreProofResult, asked: Asked): Promise<Verdict> {
  const list = el('server-checks');
  list.replaceChildren();
  const verdict = await fetch('/api/accept', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof: result.proof, asked, committedWeb2Id: result.web2Id }),
  }).then((r) => r.json() as Promise<Verdict>);
  list.replaceChildren(...verdict.checks.map((c) => {
    const li = document.createElement('li');
    li.textContent = `${c.id}: ${c.note}`;
    li.dataset.serverCheck = c.id;
    li.dataset.ok = String(c.ok);
    return li;
  }));
  el('result').dataset.accepted = String(verdict.accepted);
  return verdict;
}

/** The checks of "does it answer this request", which only the server makes (@vantage/sdk/server). */
const REQUEST_CHECKS = new Set<string>(['attested', 'score', 'model', 'web2Id', 'origin']);

async function showResult(result: ScoreProofResult, asked: Asked | null) {
  const section = el('result');
  section.hidden = false;
  el('score').textContent = String(result.score);
  const band = bandOf(result.score);
  el('band').textContent = band ? band.name : 'no band';
  el('session').textContent = result.sessionId;
  el('signals').replaceChildren(...result.publicSignals.map((s) => Object.assign(document.createElement('li'), { textContent: s })));
  el('proof-json').textContent = JSON.stringify(result.proof, null, 2);
  el('checks').replaceChildren();
  el('server-checks').replaceChildren();
  el('committed').textContent = result.web2Id;
  delete section.dataset.accepted;
  section.dataset.score = String(result.score);
  section.dataset.band = band?.name ?? '';

  const scoreCheck = check('score', 'Score is publicSignals[0]');
  scoreCheck(result.score === Number(result.publicSignals[0]));

  const service = check('service', 'Service verify');
  const offline = check('offline', 'Offline verify (snarkjs)');
  const request = asked ? check('request', 'Answers this request (condition, model, user id, service key), says this site’s server') : null;
  await Promise.all([
    fetch('/api/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ proof: result.proof }) })
      .then((r) => r.json() as Promise<{ valid?: boolean; message?: string }>)
      .then((r) => service(r.valid === true, r.valid === true ? 'valid' : r.message ?? 'invalid'))
      .catch((e: unknown) => service(false, String(e))),
    Promise.all([vkey, loadSnarkjs()])
      .then(async ([vkey, snarkjs]) => {
        const ok = await snarkjs.groth16.verify(vkey, result.publicSignals, (result.proof as { proof: unknown }).proof);
        offline(ok, ok ? 'valid' : 'invalid');
      })
      .catch((e: unknown) => offline(false, String(e))),
    // What this site's server makes of it: it decides (the checks above are the page's own).
    request && accept(result, asked!)
      .then((verdict) => {
        const failed = verdict.checks.filter((c) => REQUEST_CHECKS.has(c.id) && !c.ok).map((c) => c.id);
        request(failed.length === 0, failed.length ? `mismatch: ${failed.join(', ')}` : 'yes');
      })
      .catch((e: unknown) => {
        el('result').dataset.accepted = 'false';
        el('server-checks').textContent = String(e);
        request(false, String(e));
      }),
  ]);
  section.dataset.checked = 'true';
}

// ---- asking ----
function askedInForm(): Asked {
  const data = new FormData(form);
  return {
    scoreId: String(data.get('scoreId')),
    condition: Number(data.get('condition')),
    web2Id: String(data.get('web2Id')),
    bindOrigin: data.get('bindOrigin') === 'on',
  };
}

/**
 * Asks for a proof: through Vantage, or (`show` given: no Vantage here) through this site's server,
 * the proof page in a new tab or as a QR code. Called straight from the click (a tab may open).
 */
async function prove(show?: ProofPageShow): Promise<void> {
  const asked = askedInForm();
  if (!vantage && !show) {
    setStatus('The Vantage extension is not available.', 'error');
    return;
  }
  const buttons = [button, proveInTab, proveOnPhone];
  const stop = new AbortController();
  el('progress').replaceChildren();
  // Started here, before any await: without Vantage the SDK opens the proof page's tab within this click.
  const pending = requestScoreProof(asked, {
    provider: vantage, onProgress: showProgress, signal: stop.signal,
    ...(show ? { withoutExtension: { session: '/api/session', show } } : {}),
  });
  for (const b of buttons) b.disabled = true;
  el('result').hidden = true;
  setStatus(vantage
    ? 'Waiting for you to approve in Vantage, then to prove your score on the service’s page…'
    : 'Prove your score on the service’s page (the new tab, or your phone): this page carries on when the proof is made…');
  const onCancel = () => stop.abort();
  cancel.hidden = false;
  cancel.addEventListener('click', onCancel, { once: true });
  try {
    const result = await pending;
    // Recorded first, before any checking, for the bench (FINISHED → promise resolved).
    document.body.dataset.proofResolvedAt = String(Date.now());
    setStatus(`Proof received for session ${result.sessionId}.`);
    await showResult(result, asked);
  } catch (e) {
    const code = isVantageError(e) ? e.code : undefined;
    setStatus(`${vantage ? 'Vantage' : 'The proof'} refused (code ${code ?? '?'}): ${e instanceof Error ? e.message : String(e)}`, 'error', code);
  } finally {
    cancel.hidden = true;
    cancel.removeEventListener('click', onCancel);
    button.disabled = !vantage;
    proveInTab.disabled = proveOnPhone.disabled = false;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void prove();
});
proveInTab.addEventListener('click', () => void prove(newTab()));
proveOnPhone.addEventListener('click', () => void prove(qrCode()));

// Proofs the user sends from the popup ("Prove my score to this site").
window.addEventListener('vantage:proof', (e) => {
  const result = (e as CustomEvent<ScoreProofResult>).detail;
  setStatus(`A proof arrived from the Vantage popup (session ${result.sessionId}).`);
  void showResult(result, null);
});
