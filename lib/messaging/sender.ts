import { senderOrigin, senderPageOrigin } from '@/lib/platform/sender-origin.ts';

/**
 * Who sent a runtime message, decided from what the browser reports — never
 * from anything inside the message.
 */

export type CallerKind = 'extension-page' | 'content-script';

export interface Caller {
  readonly kind: CallerKind;
  /** For content scripts: the page origin, from the browser. */
  readonly origin?: string;
  readonly tabId?: number;
  readonly frameId?: number;
  /** Chromium: the sending document, unique for its lifetime (a reload is a new document). */
  readonly documentId?: string;
}

/** The subset of runtime.MessageSender this needs (keeps it testable). */
export interface SenderInfo {
  readonly id?: string;
  readonly url?: string;
  readonly origin?: string;
  readonly tab?: { readonly id?: number; readonly url?: string };
  readonly frameId?: number;
  readonly documentId?: string;
}

/**
 * Classifies a sender, or null when it is not ours. `extensionOrigin` is
 * e.g. `chrome-extension://<id>`.
 */
export function classifySender(sender: SenderInfo, runtimeId: string, extensionOrigin: string): Caller | null {
  if (sender.id !== runtimeId) return null;
  if (senderOrigin(sender) === extensionOrigin) return { kind: 'extension-page', tabId: sender.tab?.id };
  // A content script: only a top frame of a web page, identified by the tab the browser names.
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0) return null;
  const origin = senderPageOrigin(sender);
  if (!origin || !/^https?:/.test(origin)) return null;
  return {
    kind: 'content-script', origin, tabId, frameId: sender.frameId ?? 0,
    ...(typeof sender.documentId === 'string' ? { documentId: sender.documentId } : {}),
  };
}
