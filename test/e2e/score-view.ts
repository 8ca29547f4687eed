/**
 * Reading a score result as shown (popup Score tab, score window) and as the
 * sandbox answered it, in one comparable shape: the breakdown as
 * [name, value] pairs in order, names compared without case or spaces
 * ("DApp interactions" is the sandbox's "dappInteractions").
 */

export type Bars = [name: string, value: number][];

const sameName = (label: string) => label.replace(/\s+/g, '').toLowerCase();

/** Runs in the page: the breakdown bars' label and value texts, in the order shown. */
export const breakdownTexts = (): [string, string][] =>
  [...document.querySelectorAll('.score-breakdown li')].map((li) => [
    li.querySelector('.score-breakdown-label')?.textContent ?? '',
    li.querySelector('.score-breakdown-value')?.textContent ?? '',
  ]);

export const shownBars = (texts: [string, string][]): Bars => texts.map(([label, value]) => [sameName(label), Number(value)]);

export const answeredBars = (body: Record<string, unknown>): Bars =>
  Object.entries(body.scoreBreakdown as Record<string, number>).map(([k, v]) => [sameName(k), v]);
