// The prebuilt proof page: show what the app asks, connect a wallet through
// an EIP-1193 provider (the page's window.ethereum, or a throwaway demo
// wallet), sign the session's message, then follow the proof until it is made.
// Plain browser JavaScript with no dependencies, served as is.
/* global document, window, location, fetch, setTimeout, TextEncoder, TextDecoder */

const sessionId = location.pathname.split('/')[2] ?? '';
const base = `/proof/${encodeURIComponent(sessionId)}`;
// How often the page asks its own server how the proof is coming along. Short: it is the page's own
// loopback server, and "ready" shown late is time the user waits before closing the page.
const POLL_MS = 100;

const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const app = el('app');
const status = el('status');

/** @type {any} */
let state;
let busy = false;

async function api(path, body) {
  const init = body === undefined
    ? { cache: 'no-store' }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(`${base}${path}`, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.message || `The sandbox answered HTTP ${res.status}.`), { status: res.status });
  return data;
}

// personal_sign takes the message as hex-encoded UTF-8.
function toHex(text) {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
function fromHex(hex) {
  const bytes = (hex.slice(2).match(/../g) ?? []).map((h) => parseInt(h, 16));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const short = (address) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function setStatus(text, kind = '') {
  status.textContent = text;
  status.className = kind;
}

const MESSAGES = {
  'awaiting-wallet': () => ['', ''],
  proving: (s) => [`Your score is ${s.score}${s.band ? ` (${s.band})` : ''}: it meets the condition. Generating your proof…`, ''],
  finished: (s) => [`Proof ready: your score of ${s.score} meets the condition. You can close this tab and return to ${s.app}.`, 'ok'],
  'below-condition': (s) => [
    `Your score is ${s.score}, below the required ${s.condition}. No proof was generated. You may try another wallet.`, 'error',
  ],
  failed: (s) => [`Generating the proof failed (${s.error}). You may try again.`, 'error'],
};

function render() {
  app.dataset.phase = state.phase;
  el('app-name').textContent = state.app;
  el('web2id').textContent = state.web2Id;
  el('model').textContent = `${state.model.name} (${state.model.id})`;
  el('condition').textContent = `a score of at least ${state.condition}`;
  el('expiry').textContent = `This link expires at ${new Date(state.expiresAt).toLocaleTimeString()}.`;
  el('connect').hidden = state.phase === 'proving' || state.phase === 'finished';
  const [text, kind] = MESSAGES[state.phase]?.(state) ?? ['', ''];
  setStatus(text, kind);
  for (const button of document.querySelectorAll('#connect button')) {
    button.disabled = busy || (button.id === 'connect-wallet' && !window.ethereum);
  }
}

async function follow() {
  while (state.phase === 'proving') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state = await api('/state');
    render();
  }
}

function explain(error) {
  if (error?.code === 4001) return 'You declined the request in your wallet. Nothing was shared.';
  if (error?.status === 404) return 'This proof link has expired. Go back to the app and start again.';
  return `Something went wrong: ${error?.message ?? error}`;
}

function fail(error) {
  setStatus(explain(error), 'error');
  app.dataset.error = 'true';
}

async function proveWith(provider, label) {
  busy = true;
  delete app.dataset.error;
  render();
  try {
    setStatus(`Connecting ${label}…`);
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    const address = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof address !== 'string') throw new Error('The wallet shared no account.');
    setStatus(`Sign the message in ${label} to show you control ${short(address)}.`);
    const signature = await provider.request({ method: 'personal_sign', params: [toHex(state.message), address] });
    setStatus('Checking your signature…');
    state = await api('/signature', { address, signature });
    busy = false;
    render();
    await follow();
  } catch (error) {
    busy = false;
    render();
    fail(error);
  }
}

/**
 * An EIP-1193 provider for a sandbox demo wallet. Its key stays on the server:
 * personal_sign asks the server to sign this session's message with it, and
 * the signature then goes through the same check as any wallet's.
 */
function demoProvider(wallet) {
  const rpcError = (code, message) => Object.assign(new Error(message), { code });
  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [wallet.address];
        case 'personal_sign': {
          const [data, address] = params ?? [];
          if (String(address).toLowerCase() !== wallet.address.toLowerCase()) throw rpcError(4100, 'Unknown account.');
          const { signature } = await api('/demo-signature', { address, message: fromHex(String(data)) });
          return signature;
        }
        default:
          throw rpcError(4200, `Unsupported method ${method}.`);
      }
    },
  };
}

function renderDemoWallets() {
  const list = el('demo-list');
  list.replaceChildren(...state.demoWallets.map((wallet) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.dataset.demoAddress = wallet.address;
    button.textContent = `Use throwaway demo wallet “${wallet.label}” (${short(wallet.address)})`;
    button.addEventListener('click', () => proveWith(demoProvider(wallet), `the demo wallet “${wallet.label}”`));
    item.append(button);
    return item;
  }));
  if (state.demoWallets.length === 0) list.append(Object.assign(document.createElement('li'), { textContent: 'No demo wallets are configured.' }));
}

async function main() {
  try {
    state = await api('/state');
  } catch (error) {
    app.dataset.phase = 'expired';
    setStatus(explain(error), 'error');
    return;
  }
  el('no-wallet').hidden = Boolean(window.ethereum);
  el('connect-wallet').addEventListener('click', () => proveWith(window.ethereum, 'your wallet'));
  renderDemoWallets();
  render();
  await follow().catch(fail);
}

main();
