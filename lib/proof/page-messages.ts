/**
 * The fixed texts the page API gives a site when a proof request fails: English,
 * for developers, documented in docs/page-api.md (docs/i18n.md). The popup shows
 * the same texts in the user's language (lib/proof/describe.ts). Imports nothing,
 * so the popup can read them without the flow machine.
 */
export const PAGE_MESSAGES = {
  notSetUp: 'Vantage is not set up: no API key.',
  proofPageClosed: 'The user closed the proof page without a proof.',
  serviceFailed: 'The score service failed; the Vantage popup shows why.',
  userRejected: 'The user rejected the request.',
  consentClosed: 'The user closed the consent window.',
  userCancelled: 'The user cancelled the request.',
  consentNotOpened: 'The consent window could not be opened.',
  blocked: 'The user blocked this site from asking for proofs.',
  coolingDown: 'The user rejected a recent request from this site; ask again later.',
  insecureSite: 'Proofs are only handed to secure (https) sites.',
  alreadyPending: 'A proof request from this tab is already pending.',
  unreachableTab: 'Vantage cannot reach this tab. Open the site in a tab (reload it if it was open before Vantage was installed).',
} as const;

export type PageMessage = keyof typeof PAGE_MESSAGES;

/** A flow that ran out of time; TIMED_OUT reads the minutes back. */
export const timedOutMessage = (minutes: number): string => `No proof within ${minutes} min.`;
export const TIMED_OUT = /^No proof within (\d+) min\.$/;
