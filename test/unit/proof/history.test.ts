import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toCsv } from '@/lib/csv/csv.ts';
import { bySite, HISTORY_LIMIT, HISTORY_MAX_AGE_MS, parseHistory, withinBounds, withRecords, type ProofRecord } from '@/lib/proof/history.ts';
import { historyFileName, historyTable } from '@/lib/proof/history-csv.ts';
import { historyRoutes } from '@/lib/proof/history-routes.ts';
import { historyStore, PROOF_HISTORY_KEY } from '@/lib/proof/history-store.ts';
import { workerProofHistory } from '@/lib/proof/worker.ts';
import type { Caller } from '@/lib/messaging/sender.ts';
import { openSealedJson, sealJson } from '@/lib/settings/sealed-json.ts';
import { isSealedSecret } from '@/lib/settings/sealed-secret.ts';
import { setAsideStore } from '@/lib/storage/set-aside.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 24 * 60 * 60 * 1000;

const rec = (id: string, over: Partial<ProofRecord> = {}): ProofRecord => ({
  id, origin: 'https://dapp.example', at: NOW, scoreId: 'credit-v1', condition: 600, score: 712,
  bound: false, check: 'verified', source: 'page', ...over,
});

const stored = async () => (await fakeBrowser.storage.local.get(PROOF_HISTORY_KEY))[PROOF_HISTORY_KEY];

beforeEach(() => fakeBrowser.reset());

describe('proof history: bounds', () => {
  it('keeps 90 days: a record one day past it is dropped, one on the edge stays', () => {
    const list = [rec('old', { at: NOW - HISTORY_MAX_AGE_MS - DAY }), rec('edge', { at: NOW - HISTORY_MAX_AGE_MS }), rec('new')];
    expect(withinBounds(list, NOW).map((r) => r.id)).toEqual(['new', 'edge']);
    expect(HISTORY_MAX_AGE_MS).toBe(90 * DAY);
  });

  it('keeps the newest 200', () => {
    const list = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => rec(`r${i}`, { at: NOW - i * 1000 }));
    const kept = withinBounds(list, NOW);
    expect(kept).toHaveLength(200);
    expect(kept[0]!.id).toBe('r0');
    expect(kept.at(-1)!.id).toBe('r199');
  });

  it('a record added again (an undo) replaces the one of its id, and the list stays newest first', () => {
    const list = withRecords([rec('a', { at: NOW - 10 }), rec('b', { at: NOW - 5 })], [rec('a', { at: NOW - 10, score: 700 })], NOW);
    expect(list.map((r) => [r.id, r.score])).toEqual([['b', 712], ['a', 700]]);
  });

  it('groups by site, the site of the latest proof first', () => {
    const groups = bySite([rec('1', { at: 1 }), rec('2', { at: 3, origin: 'https://b.example' }), rec('3', { at: 2 })]);
    expect(groups.map((g) => [g.origin, g.records.map((r) => r.id)])).toEqual([['https://b.example', ['2']], ['https://dapp.example', ['3', '1']]]);
  });
});

describe('proof history: validation', () => {
  it('splits what validates from what does not', () => {
    const bad = [{ id: 'x' }, rec('y', { origin: 'javascript:alert(1)' }), rec('z', { check: 'maybe' as never }), rec('w', { score: Number.NaN })];
    const { records, rejected } = parseHistory([rec('ok'), ...bad]);
    expect(records.map((r) => r.id)).toEqual(['ok']);
    // NaN does not survive JSON anyway; the rest are set aside as they were.
    expect(rejected).toEqual(bad);
    expect(parseHistory({ not: 'a list' })).toEqual({ records: [], rejected: [{ not: 'a list' }] });
  });
});

describe('proof history: the sealed store', () => {
  it('is sealed: storage holds no origin, model or score in clear', async () => {
    const vault = memoryVault();
    const h = historyStore(vault);
    await h.add([rec('a')], NOW);
    const raw = await stored();
    expect(isSealedSecret(raw)).toBe(true);
    expect(JSON.stringify(raw)).not.toMatch(/dapp\.example|credit-v1|712/);
    expect(await h.list(NOW)).toEqual([rec('a')]);
    // Another vault (a page that forged a value, or lost the key) reads nothing.
    expect(await historyStore(memoryVault()).list(NOW)).toEqual([]);
  });

  it('forget removes one record and answers it (for an undo); restoring puts it back', async () => {
    const h = historyStore(memoryVault());
    await h.add([rec('a', { at: NOW - 2 }), rec('b', { at: NOW - 1 })], NOW);
    const forgotten = await h.forget(['a'], NOW);
    expect(forgotten).toEqual([rec('a', { at: NOW - 2 })]);
    expect((await h.list(NOW)).map((r) => r.id)).toEqual(['b']);
    await h.add(forgotten, NOW);
    expect((await h.list(NOW)).map((r) => r.id)).toEqual(['b', 'a']);
    expect(await h.forget(['nope'], NOW)).toEqual([]);
  });

  it('clear forgets every record and says how many', async () => {
    const h = historyStore(memoryVault());
    await h.add([rec('a'), rec('b')], NOW);
    expect(await h.clear(NOW)).toBe(2);
    expect(await h.list(NOW)).toEqual([]);
  });

  it('ages records out: listing hides them at once, prune drops them from storage; prune writes nothing when nothing is due', async () => {
    const vault = memoryVault();
    const h = historyStore(vault);
    await h.add([rec('a', { at: NOW - HISTORY_MAX_AGE_MS + DAY }), rec('b')], NOW);
    const later = NOW + 2 * DAY;
    expect((await h.list(later)).map((r) => r.id)).toEqual(['b']);
    const before = await stored();
    await h.prune(NOW);
    expect(await stored()).toEqual(before);
    await h.prune(later);
    const opened = await openSealedJson(vault, await stored());
    expect(opened).toEqual({ state: 'open', json: [rec('b')] });
  });

  it('sets aside entries that no longer validate before the next write leaves them out: never dropped silently', async () => {
    const vault = memoryVault();
    const bad = { id: 'damaged', origin: 42 };
    await fakeBrowser.storage.local.set({ [PROOF_HISTORY_KEY]: await sealJson(vault, [rec('a'), bad]) });
    const h = workerProofHistory(vault);
    // Reading shows what validates, and changes nothing.
    expect(await h.list(NOW)).toEqual([rec('a')]);
    expect(await setAsideStore(vault).get()).toEqual([]);
    await h.add([rec('b', { at: NOW + 1 })], NOW + 1);
    expect(await setAsideStore(vault).get()).toEqual([expect.objectContaining({ source: 'proofHistory', reason: 'invalid', value: [bad] })]);
    expect(await openSealedJson(vault, await stored())).toEqual({ state: 'open', json: [rec('b', { at: NOW + 1 }), rec('a')] });
    // Set aside once, even when the worker writes again.
    await h.prune(NOW + 2);
    expect(await setAsideStore(vault).get()).toHaveLength(1);
  });
});

describe('proof history: CSV', () => {
  it('a row per proof, times in UTC, a site\'s model that reads as a formula written as text', () => {
    const csv = toCsv(historyTable([rec('a', { scoreId: '=HYPERLINK("https://evil.example")', bound: true, check: 'not-checked', source: 'popup' })]));
    expect(csv).toBe(
      'site,given_at,model,minimum,score,bound_to_site,verified,requested_from\r\n'
      + `https://dapp.example,2026-11-26T12:00:00.000Z,"'=HYPERLINK(""https://evil.example"")",600,712,yes,not checked,popup\r\n`,
    );
    expect(historyFileName(NOW)).toBe('vantage-proofs-2026-11-26.csv');
  });
});

describe('proof history: routes', () => {
  const page: Caller = { kind: 'extension-page' };
  it('are for extension pages only, and check what they are given', async () => {
    const told: (readonly string[] | 'all')[] = [];
    const routes = historyRoutes(historyStore(memoryVault()), () => NOW, async (ids) => void told.push(ids));
    for (const route of Object.values(routes)) expect(route!.allow).toEqual(['extension-page']);
    expect(() => routes['proof.history.forget']!.parse!({ ids: [42] })).toThrow(/ids/);
    expect(() => routes['proof.history.restore']!.parse!({ records: [{ id: 'x' }] })).toThrow(/records/);
    const restore = routes['proof.history.restore']!;
    expect(await restore.handle(restore.parse!({ records: [rec('a')] }), page)).toEqual({ restored: 1 });
    const forget = routes['proof.history.forget']!;
    expect(await forget.handle(forget.parse!({ ids: ['a'] }), page)).toEqual({ forgotten: [rec('a')] });
    expect(await routes['proof.history.clear']!.handle({}, page)).toEqual({ forgotten: 0 });
    // The popup's recent outcomes forget them too.
    expect(told).toEqual([['a'], 'all']);
  });
});
