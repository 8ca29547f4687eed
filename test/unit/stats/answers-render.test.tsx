// @vitest-environment happy-dom
import type { ComponentChildren } from 'preact';
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { CohortTable } from '@/components/stats/CohortTable.tsx';
import { errorAsShown, sharedError, StatsContext, type StatsContextValue } from '@/components/stats/context.ts';
import { ErrorNotice } from '@/components/stats/ErrorNotice.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { AsOf } from '@/components/stats/partial-day.ts';
import { HolderFigures } from '@/components/stats/sections/holders.tsx';
import { HeadlineContext } from '@/components/stats/use-change.ts';
import { headlineBasis } from '@/lib/stats/headline.ts';
import { normalizeHolderChange, normalizeRetention } from '@/lib/normalize/normalize.ts';
import { parseJsonExact } from '@/lib/api/json.ts';
import { toNumber } from '@/lib/normalize/coerce.ts';
import { hasData, normalize } from '@/lib/stats/operation-views.ts';

const rootNow = useRenderRoot();
const DAY = 86_400;

const ctx: StatsContextValue = {
  filters: { project: 'p', chainId: '', tokenId: '', dapp: '', range: { days: 30 } },
  layout: 'popup',
  refreshToken: 0,
  options: {},
  setOption: () => undefined,
  report: () => undefined,
  keyWorks: true,
};

/**
 * As inside a block whose answer was fetched at `asOf`; with `body`, a block with headline numbers whose answers
 * (the range's and the compared periods') all hold that body, as a service answering the same for each would.
 */
function InBlock({ asOf, body, children }: { asOf: number; body?: unknown; children: ComponentChildren }) {
  const answer = { body, storedAt: asOf };
  const scope = { basis: headlineBasis(ctx.filters.range, asOf), answers: { range: answer, current: answer, previous: answer } };
  return (
    <StatsContext.Provider value={ctx}>
      <AsOf.Provider value={asOf}>
        <HeadlineContext.Provider value={body === undefined ? null : scope}>{children}</HeadlineContext.Provider>
      </AsOf.Provider>
    </StatsContext.Provider>
  );
}

describe('service answers on screen', () => {
  it('says an unreadable answer in its own words with Retry, and a long reason in a box that wraps it', () => {
    render(<ErrorNotice error={{ kind: 'bad-response', message: "The service's answer could not be read." }} onRetry={() => undefined} />, rootNow());
    expect(rootNow().querySelector('.notice-text')!.textContent).toBe("The service's answer could not be read.");
    expect([...rootNow().querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Retry']);

    const detail = `contract=${'0x1f98'.repeat(30)}…`;
    render(<ErrorNotice error={{ kind: 'refused', status: 403, detail, message: detail }} onRetry={() => undefined} />, rootNow());
    expect(rootNow().querySelector('.notice-text')!.textContent).toBe(`The service refused this request: ${detail}`);
  });

  it('shows the holder figures of the complete days when the answer has no "now", and says the total is missing from it', () => {
    const today = Math.floor(Date.UTC(2026, 10, 26) / 1000);
    const body = { logs: { [today - 2 * DAY]: { active: 1790, new: 12 }, [today - DAY]: { active: 1811, new: 9 }, [today]: { active: 400, new: 2 } } };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((today + 3700) * 1000);
    render(<InBlock asOf={(today + 3600) * 1000} body={body}><HolderFigures v={normalizeHolderChange(body)} /></InBlock>, rootNow());
    const figure = (id: string) => rootNow().querySelector(`[data-figure="${id}"]`)!;
    expect(figure('active').querySelector('.num')!.textContent).toBe('1,811');
    expect(figure('active').querySelector('.figure-covers')!.textContent).toBe('on Nov 25');
    // New holders: all the complete days of the period (Oct 27 – Nov 25), today's 2 so far left out.
    expect(figure('new').querySelector('.num')!.textContent).toBe('21');
    expect(figure('new').querySelector('.figure-covers')!.textContent).toBe('Oct 27 – Nov 25');
    expect(figure('active-partial').querySelector('.num')!.textContent).toBe('400');
    expect(rootNow().querySelector('.figures-partial .figure-note')!.textContent).toBe('today so far');
    expect(figure('total').querySelector('.num')!.textContent).toBe('—');
    expect(figure('total').querySelector('.figure-why')!.textContent).toBe("not in the service's answer");
    expect(figure('total').querySelector('.change .sr-only')!.textContent).toBe("no change: this figure is missing from the service's answer");
    vi.useRealTimers();
  });

  it('says a figure the service sent as null is unknown, not missing, and not "no complete day"', () => {
    const today = Math.floor(Date.UTC(2026, 10, 26) / 1000);
    const body = { now: { total: null, active: 5, new: 1 }, logs: { [today - DAY]: { active: 1811, new: 9 } } };
    render(<InBlock asOf={(today + 3600) * 1000} body={body}><HolderFigures v={normalizeHolderChange(body)} /></InBlock>, rootNow());
    const total = rootNow().querySelector('[data-figure="total"]')!;
    expect(total.querySelector('.figure-why')!.textContent).toBe('unknown: the service sent no value');
    expect(total.querySelector('.change')!.textContent).not.toMatch(/complete day/);
  });

  it('shows the counts of a cohort the service sent no total for, and says why they are not rates', () => {
    const view = normalizeRetention({ '2023-11-01': { total: null, retention: { 1: 120, 2: 88 } }, '2023-11-08': { total: 275, retention: { 1: 101 } } });
    render(<InBlock asOf={Date.UTC(2026, 0, 1)}><CohortTable view={view} /></InBlock>, rootNow());
    const rows = [...rootNow().querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // The counts say they are users, never sitting bare in a column of percentages.
    expect(rows).toEqual([['—', '120 users', '88 users'], ['275', '36.7%', '']]);
    expect(rootNow().querySelector('tbody tr td')!.getAttribute('title')).toBe('The service sent no total for this cohort.');
    expect(rootNow().querySelector('.cohort-note')!.textContent).toBe('A cohort the service sent no total for shows how many users came back, not a share.');
  });

  it('writes an amount beyond 2^53 with the digits sent, in full and compact', () => {
    const n = toNumber((parseJsonExact('{"v":123456789012345678901234}') as { v: string }).v);
    render(<><Num value={n} /><Num value={n} compact /></>, rootNow());
    const [full, compact] = [...rootNow().querySelectorAll('.num')];
    expect(full!.textContent).toBe('123,456,789,012,345,678,901,234');
    expect(full!.getAttribute('data-value')).toBe('123456789012345678901234');
    expect(compact!.textContent).toBe('123,456,789,012.3T');
    expect(compact!.getAttribute('title')).toBe('123,456,789,012,345,678,901,234');
  });
});

describe('which errors concern the whole popup', () => {
  const bare = { kind: 'key-rejected', keyBasis: 'status', status: 401, message: 'Unauthorized', detail: 'Unauthorized' } as const;
  const said = { kind: 'key-rejected', keyBasis: 'said', status: 403, message: 'Invalid API key', detail: 'Invalid API key' } as const;

  it('blames the key for a 401/403 without a reason only when no block worked with it', () => {
    expect(sharedError([{ error: bare, worked: false }, { error: bare, worked: false }])).toEqual(bare);
    expect(sharedError([{ error: bare, worked: false }, { error: null, worked: true }])).toBeNull();
    expect(errorAsShown(bare, true)).toMatchObject({ kind: 'refused' });
  });

  it('blames the key whenever the service named it', () => {
    expect(sharedError([{ error: said, worked: false }, { error: null, worked: true }])).toEqual(said);
    expect(errorAsShown(said, true)).toBe(said);
  });

  it('takes totals without a list as data, and 204/[]/{} as none', () => {
    expect(hasData('distributionByCountries', normalize('distributionByCountries', { visitors: 7331, wallets: 2113 }))).toBe(true);
    for (const body of [{}, [], null]) expect(hasData('distributionByCountries', normalize('distributionByCountries', body))).toBe(false);
  });
});
