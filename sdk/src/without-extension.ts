import { PROGRESS_EVENT, ProofErrorCode, type ProgressPhase, type ProofProgress, type ProofRequestParams, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { PAGE_MESSAGES } from '@/lib/proof/page-messages.ts';
import { cancelledError, isVantageError, VantageError } from './errors.ts';

/**
 * The page's side of the no-extension path (docs/page-api.md, "Users without the extension"): the
 * page's own server starts the service's proof session with ITS key (@vantage/sdk/server's
 * ProofSessions), the user reaches the proof page — a new tab here, or a QR code for a phone — and the
 * server waits for the proof. The page sees what it sees through the extension: the same progress
 * (`vantage:progress` and onProgress; no `consent`, the proof page is where the user agrees), the
 * same codes, the same AbortSignal.
 */

/** How the user reaches the proof page. `open` is called at once, inside requestScoreProof (a click's gesture still holds). */
export interface ProofPageShow {
  open(): ProofPageView;
}

export interface ProofPageView {
  /** Shows the proof page's address (the temporary URL). Throws a VantageError when it cannot. */
  show(url: string): void;
  /** Resolves when the user left it: closed the proof page's tab, or cancelled. */
  readonly left: Promise<'closed' | 'cancelled'>;
  /** The request ended: close what was opened. */
  close(): void;
}

export interface WithoutExtension {
  /** Your server's endpoint for the page's calls (POST, JSON), answered by ProofSessions' `handle`. */
  readonly session: string;
  /** How the user reaches the proof page: a new tab (default, `newTab()`), or `qrCode()` from '@vantage/sdk/qr' for a phone. */
  readonly show?: ProofPageShow;
}

/** The browser refused to open the proof page's tab (a popup blocker). */
export const TAB_BLOCKED_MESSAGE = 'The browser blocked the proof page’s tab: ask from a click, passing detectVantage’s answer as provider.';

/**
 * The proof page in a new tab. The tab opens blank at once (inside the click that asked), its opener is
 * cut while it is still this page's own (the service's page gets no handle on this one), and it goes to
 * the proof page once the server has the session; a closed tab is noticed within half a second. When the
 * request ends the tab is closed where the browser allows it (with the opener cut, Chromium does not): the
 * proof page then tells the user the proof is made and they may close it.
 */
export function newTab(): ProofPageShow {
  return {
    open() {
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      let timer: ReturnType<typeof setInterval> | undefined;
      const left = new Promise<'closed'>((resolve) => {
        timer = tab ? setInterval(() => tab.closed && resolve('closed'), 500) : undefined;
      });
      return {
        show(url) {
          if (!tab || tab.closed) throw new VantageError(TAB_BLOCKED_MESSAGE, ProofErrorCode.Unauthorized);
          tab.location.replace(url);
        },
        left,
        close() {
          clearInterval(timer);
          if (tab && !tab.closed) tab.close();
        },
      };
    },
  };
}

/** One request at a time per page, as the extension allows per tab (4290). */
let pending = false;
let seq = 0;

type Answer = { sessionId?: string; url?: string; timeoutMs?: number; status?: string; result?: ScoreProofResult; code?: number; message?: string };

const CODES: readonly number[] = Object.values(ProofErrorCode);
const failure = (a: Answer | null, fallback: string): VantageError =>
  new VantageError(typeof a?.message === 'string' ? a.message : fallback, CODES.includes(a?.code as number) ? (a!.code as ProofErrorCode) : ProofErrorCode.ServiceFailed);

/** The request through the page's own server, for a browser without Vantage. */
export async function viaServer(
  params: ProofRequestParams,
  { session, show = newTab() }: WithoutExtension,
  onProgress?: (progress: ProofProgress) => void,
  signal?: AbortSignal,
): Promise<ScoreProofResult> {
  const id = `vantage-sdk-${++seq}`;
  const progress = (phase: ProgressPhase, code?: number) => {
    const detail: ProofProgress = Object.freeze({ id, phase, ...(code === undefined ? {} : { code }) });
    window.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail }));
    try {
      onProgress?.(detail);
    } catch (e) {
      queueMicrotask(() => {
        throw e;
      });
    }
  };
  progress('requested');
  if (pending) {
    progress('failed', ProofErrorCode.AlreadyPending);
    throw new VantageError(PAGE_MESSAGES.alreadyPending, ProofErrorCode.AlreadyPending);
  }
  pending = true;
  const stop = new AbortController();
  let view: ProofPageView | undefined;
  let sessionId: string | undefined;
  const post = async (body: object, keepalive = false): Promise<Answer> => {
    const res = await fetch(session, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: keepalive ? undefined : stop.signal, keepalive });
    const answer = (await res.json().catch(() => null)) as Answer | null;
    if (!res.ok || answer === null || typeof answer !== 'object') throw failure(answer, `Your server’s proof session failed (HTTP ${res.status}).`);
    return answer;
  };
  /** Ends the request now (the page's signal, the user's Cancel): the server is told, the page answered at once. */
  let end: (error: VantageError) => void = () => undefined;
  const ended = new Promise<never>((_, reject) => {
    end = (error) => {
      if (sessionId) void post({ action: 'cancel', sessionId }, true).catch(() => undefined);
      stop.abort();
      reject(error);
    };
  });
  const onAbort = () => end(cancelledError());
  signal?.addEventListener('abort', onAbort, { once: true });

  const run = async (): Promise<ScoreProofResult> => {
    view = show.open();
    const started = await post({ action: 'start', params });
    sessionId = started.sessionId;
    if (typeof sessionId !== 'string' || typeof started.url !== 'string') throw failure(null, 'Your server answered no proof session.');
    progress('approved');
    view.show(started.url);
    progress('proof-page');
    void view.left.then((why) => {
      if (why === 'cancelled') end(new VantageError(PAGE_MESSAGES.userCancelled, ProofErrorCode.UserRejected));
      else void post({ action: 'closed', sessionId }).catch(() => undefined);
    });
    // Held open by the server up to 25 s each; a lost connection is asked again, a few times.
    for (let lost = 0; ;) {
      let answer: Answer;
      try {
        answer = await post({ action: 'wait', sessionId });
        lost = 0;
      } catch (e) {
        if (stop.signal.aborted || (isVantageError(e) && e.code !== ProofErrorCode.ServiceFailed) || ++lost > 5) throw e;
        await new Promise((r) => setTimeout(r, 1000 * lost));
        continue;
      }
      if (answer.status === 'FINISHED' && answer.result) {
        progress('proof-received');
        return answer.result;
      }
      if (answer.status !== 'PROCESSING') throw failure(answer, 'Your server answered no proof.');
    }
  };

  try {
    const result = await Promise.race([run(), ended]);
    progress('handed-over');
    return result;
  } catch (e) {
    const error = isVantageError(e) ? (e as VantageError) : failure(null, 'Your server could not be reached.');
    progress('failed', error.code);
    throw error;
  } finally {
    pending = false;
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
    view?.close();
  }
}
