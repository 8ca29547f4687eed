import type { Browser, Page } from 'puppeteer-core';

/**
 * The few raw WebDriver BiDi commands the Firefox driver needs that
 * puppeteer-core does not offer for extension pages. Firefox's BiDi skips
 * extension contexts in its events (moz-extension pages keep `about:blank`
 * as their URL for puppeteer, and `page.goto` to one never resolves), but
 * commands addressed to a context still work on them. The chrome scope
 * (Firefox started with --remote-allow-system-access) reaches the
 * extension's parent-process state: its background's lifecycle and its
 * context-menu items.
 */

/** A BiDi remote value, as far as these tests read them. */
export type RemoteValue = { readonly type: string; readonly value?: unknown };

interface EvaluateResult {
  readonly type: 'success' | 'exception';
  readonly result?: RemoteValue;
  readonly exceptionDetails?: { readonly text: string };
}

export interface ScriptMessage {
  readonly channel: string;
  readonly data: RemoteValue;
  readonly source: { readonly realm: string; readonly context?: string };
}

/** puppeteer-core's BiDi connection, typed for what is used here (not in its public types). */
interface Connection {
  send(method: string, params: object): Promise<{ result: unknown }>;
  on(event: 'script.message', handler: (m: ScriptMessage) => void): void;
}

export interface Bidi {
  /** Navigates a tab's browsing context and resolves once the new document has loaded. */
  navigate(page: Page, url: string): Promise<void>;
  /** Runs a function in the parent process (chrome scope), with the given string arguments. */
  inChrome(functionDeclaration: string, ...args: string[]): Promise<unknown>;
  /**
   * Like inChrome, with a BiDi channel as the first argument: whatever the
   * function passes to it, now or later, reaches `onMessage` as a string.
   */
  inChromeWithChannel(functionDeclaration: string, channel: string, args: string[]): Promise<unknown>;
  /** A script run in every top-level document before its own scripts, with a channel as its first argument. */
  addPreloadScript(functionDeclaration: string, channel: string): Promise<void>;
  /** Runs a function in the realm a script message came from. */
  callInRealm(realm: string, functionDeclaration: string, args: string[]): Promise<void>;
  onMessage(channel: string, handler: (data: string, source: ScriptMessage['source']) => void): void;
}

const contextOf = (page: Page): string => (page.mainFrame() as unknown as { _id: string })._id;
const str = (value: string) => ({ type: 'string', value });
const channelArg = (channel: string) => ({ type: 'channel', value: { channel } });

function unwrap(r: EvaluateResult, what: string): unknown {
  if (r.type === 'exception') throw new Error(`${what} failed: ${r.exceptionDetails?.text ?? 'unknown error'}`);
  return r.result?.value;
}

export async function bidiOf(browser: Browser): Promise<Bidi> {
  const connection = (browser as unknown as { connection: Connection }).connection;
  const send = async <T>(method: string, params: object) => (await connection.send(method, params)).result as T;
  // The first browser window: a parent-process document where WebExtensionPolicy and Services exist.
  const tree = await send<{ contexts: { context: string }[] }>('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const chrome = tree.contexts[0]?.context;
  if (!chrome) throw new Error('No chrome browsing context: was Firefox started with --remote-allow-system-access?');
  const callChrome = async (functionDeclaration: string, args: object[]) =>
    unwrap(
      await send<EvaluateResult>('script.callFunction', {
        functionDeclaration,
        target: { context: chrome },
        arguments: args,
        awaitPromise: true,
        resultOwnership: 'none',
      }),
      'A chrome-scope call',
    );

  return {
    async navigate(page, url) {
      await send('browsingContext.navigate', { context: contextOf(page), url, wait: 'complete' });
    },
    inChrome: (fn, ...args) => callChrome(fn, args.map(str)),
    inChromeWithChannel: (fn, channel, args) => callChrome(fn, [channelArg(channel), ...args.map(str)]),
    async addPreloadScript(functionDeclaration, channel) {
      await send('script.addPreloadScript', { functionDeclaration, arguments: [channelArg(channel)] });
    },
    async callInRealm(realm, functionDeclaration, args) {
      unwrap(
        await send<EvaluateResult>('script.callFunction', {
          functionDeclaration,
          target: { realm },
          arguments: args.map(str),
          awaitPromise: false,
          resultOwnership: 'none',
        }),
        'A page call',
      );
    },
    onMessage(channel, handler) {
      connection.on('script.message', (m) => {
        if (m.channel === channel && m.data.type === 'string') handler(m.data.value as string, m.source);
      });
    },
  };
}
