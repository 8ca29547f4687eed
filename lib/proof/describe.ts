import { formatNumber } from '@/lib/format/number.ts';
import { t, type MessageKey } from '@/lib/i18n/index.ts';
import { PAGE_MESSAGES, TIMED_OUT, type PageMessage } from './page-messages.ts';

/** Each page-API text in the user's words; a new text is a compile error here until it has a key. */
const KEYS = {
  notSetUp: 'proof.why.notSetUp',
  proofPageClosed: 'proof.why.proofPageClosed',
  serviceFailed: 'proof.why.serviceFailed',
  userRejected: 'proof.why.userRejected',
  consentClosed: 'proof.why.consentClosed',
  userCancelled: 'proof.why.userCancelled',
  consentNotOpened: 'proof.why.consentNotOpened',
  blocked: 'proof.why.blocked',
  coolingDown: 'proof.why.coolingDown',
  insecureSite: 'proof.why.insecureSite',
  alreadyPending: 'proof.why.alreadyPending',
  unreachableTab: 'proof.why.unreachableTab',
} as const satisfies Record<PageMessage, MessageKey>;

const BY_TEXT: ReadonlyMap<string, (typeof KEYS)[PageMessage]> = new Map(
  (Object.keys(PAGE_MESSAGES) as PageMessage[]).map((k) => [PAGE_MESSAGES[k], KEYS[k]]),
);

/**
 * A proof flow's message as the popup shows it: the page API's fixed English
 * texts (lib/proof/page-messages.ts) in the user's language; anything else
 * (already in the user's language, or a site's own parameter error) as it is.
 */
export function proofMessageText(message: string): string {
  const key = BY_TEXT.get(message);
  if (key) return t(key);
  const timedOut = TIMED_OUT.exec(message);
  if (timedOut) return t('proof.why.timedOut', { minutes: formatNumber(Number(timedOut[1])) });
  return message;
}
