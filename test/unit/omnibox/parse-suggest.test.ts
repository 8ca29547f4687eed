import { describe, expect, it } from 'vitest';
import { inputHint, parseOmniboxInput } from '@/lib/omnibox/parse.ts';
import { buildSuggestions, defaultSuggestion, highlight, MAX_SUGGESTIONS } from '@/lib/omnibox/suggest.ts';
import { omniboxTarget } from '@/lib/omnibox/target.ts';
import { describeSuggestion } from '@/lib/platform/omnibox.ts';
import { dashboardUrlFor, parseDashboardHash } from '@/lib/stats/dashboard-link.ts';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOWER = ADDR.toLowerCase();
const OTHER = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const OTHER_CS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe('parseOmniboxInput', () => {
  it('reads an address, in lower case or checksummed, with an optional model', () => {
    expect(parseOmniboxInput(`  ${LOWER} `)).toEqual({ kind: 'address', address: LOWER, checksummed: ADDR });
    expect(parseOmniboxInput(`${ADDR} credit-lite`)).toEqual({ kind: 'address', address: LOWER, checksummed: ADDR, scoreId: 'credit-lite' });
  });

  it('reads one word as a project id', () => {
    expect(parseOmniboxInput('nebula')).toEqual({ kind: 'project', project: 'nebula' });
    expect(parseOmniboxInput('my_proj.v2-x')).toEqual({ kind: 'project', project: 'my_proj.v2-x' });
  });

  it('says what is wrong with anything else', () => {
    expect(parseOmniboxInput('')).toEqual({ kind: 'empty' });
    expect(parseOmniboxInput('0x1234')).toEqual({ kind: 'invalid', message: 'An address has 40 hex digits after "0x"; this one has 4.' });
    // A wrong checksum is a typo, not another address.
    expect(parseOmniboxInput(ADDR.replace('aA', 'Aa'))).toMatchObject({ kind: 'invalid', message: expect.stringContaining('checksum') });
    expect(parseOmniboxInput(`${LOWER} credit v1`)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('score model') });
    expect(parseOmniboxInput('two words')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('one word') });
    expect(parseOmniboxInput('<b>')).toMatchObject({ kind: 'invalid' });
  });
});

describe('omniboxTarget', () => {
  it('opens an address on the score page, with its model', () => {
    expect(omniboxTarget(parseOmniboxInput(`${LOWER} activity`), '')).toEqual({ page: 'score', path: `/score.html?address=${ADDR}&model=activity` });
    expect(omniboxTarget(parseOmniboxInput(LOWER), '')).toEqual({ page: 'score', path: `/score.html?address=${ADDR}` });
  });

  it('opens a project on the dashboard, at that project', () => {
    expect(omniboxTarget(parseOmniboxInput('nebula'), 'nebula')).toEqual({ page: 'dashboard', path: '/dashboard.html#project=nebula' });
  });

  it('opens the score page on what was typed when it looks like an address, else empty', () => {
    expect(omniboxTarget(parseOmniboxInput('0x12 34'), '0x12 34')).toEqual({ page: 'score', path: '/score.html?address=0x12' });
    expect(omniboxTarget(parseOmniboxInput('a b'), 'a b')).toEqual({ page: 'score', path: '/score.html' });
    expect(omniboxTarget(parseOmniboxInput(' '), ' ')).toEqual({ page: 'score', path: '/score.html' });
  });
});

describe('dashboard links', () => {
  it('round-trips a project and a metric, encoded', () => {
    const url = dashboardUrlFor({ project: 'a&b c', metric: 'holders' });
    expect(url).toBe('/dashboard.html#project=a%26b+c&metric=holders');
    expect(parseDashboardHash(new URL(url, 'chrome-extension://x').hash)).toEqual({ project: 'a&b c', metric: 'holders' });
  });

  it('leaves out what is blank or missing', () => {
    expect(dashboardUrlFor({ project: 'nebula', metric: ' ' })).toBe('/dashboard.html#project=nebula');
    expect(parseDashboardHash('')).toEqual({});
    expect(parseDashboardHash('#project=&metric=x')).toEqual({ metric: 'x' });
  });
});

describe('suggestions', () => {
  const recent = (list: readonly string[]) => ({ pinned: [], recent: list });
  const candidates = [
    { address: LOWER, model: 'credit-v1', label: 'score 712' },
    { address: OTHER, model: 'activity', label: 'Treasury <ops> & co' },
    { address: LOWER, model: 'credit-v1', label: 'watchlist' }, // the same address and model twice: once
    { address: '0xnot-an-address', model: 'credit-v1' },
  ];

  it('offers every address and project when nothing is typed yet, each once', () => {
    const s = buildSuggestions('', candidates, recent(['nebula', 'tidal']));
    expect(s.map((x) => x.content)).toEqual([`${ADDR} credit-v1`, `${OTHER_CS} activity`, 'nebula', 'tidal']);
  });

  it('filters by every typed word, across address, model and label, ignoring case', () => {
    expect(buildSuggestions('0X5AAE', candidates, recent(['nebula'])).map((x) => x.content)).toEqual([`${ADDR} credit-v1`]);
    expect(buildSuggestions('treasury', candidates, recent([])).map((x) => x.content)).toEqual([`${OTHER_CS} activity`]);
    expect(buildSuggestions('0xfb act', candidates, recent([])).map((x) => x.content)).toHaveLength(1);
    expect(buildSuggestions('neb', candidates, recent(['nebula', 'tidal'])).map((x) => x.content)).toEqual(['nebula']);
  });

  it('does not repeat the input itself (that is the default suggestion) and stops at the limit', () => {
    expect(buildSuggestions('nebula', [], recent(['nebula', 'nebula-2'])).map((x) => x.content)).toEqual(['nebula-2']);
    const many = Array.from({ length: 10 }, (_, i) => `p${i}`);
    expect(buildSuggestions('', [], recent(many))).toHaveLength(MAX_SUGGESTIONS);
  });

  it('puts pinned projects first, in the user’s order and named as pinned, then addresses, then the other projects', () => {
    const known = { pinned: ['tidal', 'quartz'], recent: ['nebula', 'tidal'] };
    const s = buildSuggestions('', candidates, known);
    expect(s.map((x) => x.content)).toEqual(['tidal', 'quartz', `${ADDR} credit-v1`, `${OTHER_CS} activity`, 'nebula']);
    expect(describeSuggestion(s[0]!.description, false)).toBe('Dashboard of pinned project tidal');
    expect(describeSuggestion(s[4]!.description, false)).toBe('Dashboard of project nebula');
    // Filtered like any project; a pinned one that does not match is not offered.
    expect(buildSuggestions('qu', candidates, known).map((x) => x.content)).toEqual(['quartz']);
    // Ten pinned projects fill the list before any address.
    const ten = Array.from({ length: 10 }, (_, i) => `p${i}`);
    expect(buildSuggestions('', candidates, { pinned: ten, recent: [] }).map((x) => x.content)).toEqual(ten.slice(0, MAX_SUGGESTIONS));
  });

  it('highlights the typed part and escapes labels for Chromium’s XML, plain for Firefox', () => {
    expect(highlight('nebula', 'BUL')).toEqual([{ text: 'ne' }, { text: 'bul', style: 'match' }, { text: 'a' }]);
    const [s] = buildSuggestions('0xFB69', candidates, recent([]));
    expect(describeSuggestion(s!.description, true)).toBe(
      `<match>0xfB69</match>${OTHER_CS.slice(6)}<dim> activity · Treasury &lt;ops&gt; &amp; co</dim>`,
    );
    expect(describeSuggestion(s!.description, false)).toBe(`${OTHER_CS} activity · Treasury <ops> & co`);
  });

  it('describes what Enter will do with the input as typed', () => {
    const text = (t: string) => describeSuggestion(defaultSuggestion(parseOmniboxInput(t)), false);
    expect(text(`${LOWER} activity`)).toBe(`Score of ${ADDR} with model activity`);
    expect(text(LOWER)).toBe(`Score of ${ADDR} with the model chosen in Options`);
    expect(text('nebula')).toBe('Dashboard of project nebula');
    expect(text('')).toBe(inputHint());
    expect(text('0x12')).toBe(`${inputHint()} (An address has 40 hex digits after "0x"; this one has 2.)`);
    expect(inputHint()).toMatch(/^Type an address 0x… .*project id$/);
  });
});
