import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { guardPageBuild, type BuildCheck, type PageGuardDeps } from '@/lib/build/page-guard.ts';
import { isRestartRecord, judgeBuilds, RESTART_GUARD_MS, restartFulfilled, type Reopen, type RestartRecord } from '@/lib/build/restart.ts';
import { restartStore } from '@/lib/build/restart-store.ts';
import { finishRestart, REOPEN_WITHIN_MS } from '@/lib/build/worker.ts';
import { eventually } from '@/test/unit/eventually.ts';

const NOW = Date.UTC(2026, 10, 27, 12);
const NEW = 'b2b2b2b2b2b2b2b2';
const OLD = 'a1a1a1a1a1a1a1a1';
const record = (over: Partial<RestartRecord> = {}): RestartRecord => ({ to: NEW, from: OLD, at: NOW - 60_000, ...over });

describe('judgeBuilds: what a page does about the worker\'s build', () => {
  it('nothing when the worker is of the page\'s build', () => {
    expect(judgeBuilds(NEW, NEW, null, NOW)).toBe('same');
    expect(judgeBuilds(NEW, NEW, record(), NOW)).toBe('same');
  });

  it('restarts on another build, or a worker that names none (a release before build ids)', () => {
    expect(judgeBuilds(NEW, OLD, null, NOW)).toBe('restart');
    expect(judgeBuilds(NEW, null, null, NOW)).toBe('restart');
  });

  it('does not restart again towards a build it restarted towards a moment ago: the mix outlived the restart', () => {
    expect(judgeBuilds(NEW, OLD, record({ at: NOW - 1 }), NOW)).toBe('stuck');
    expect(judgeBuilds(NEW, null, record({ at: NOW - RESTART_GUARD_MS + 1 }), NOW)).toBe('stuck');
    // The clock set back past the restart: still recent, never a loop.
    expect(judgeBuilds(NEW, OLD, record({ at: NOW + 5 * 60_000 }), NOW)).toBe('stuck');
  });

  it('tries once more after the guard\'s time, and for a restart towards another build', () => {
    expect(judgeBuilds(NEW, OLD, record({ at: NOW - RESTART_GUARD_MS }), NOW)).toBe('restart');
    expect(judgeBuilds(NEW, OLD, record({ to: 'c3c3c3c3c3c3c3c3' }), NOW)).toBe('restart');
  });
});

describe('restartFulfilled and the stored record', () => {
  it('a worker of the build the restart was towards fulfils it; another does not', () => {
    expect(restartFulfilled(record(), NEW)).toBe(true);
    expect(restartFulfilled(record(), OLD)).toBe(false);
    expect(restartFulfilled(null, NEW)).toBe(false);
  });

  it('takes only well-formed records (a page path inside the extension, a whole tab id)', () => {
    expect(isRestartRecord(record())).toBe(true);
    expect(isRestartRecord(record({ from: null, reopen: { kind: 'tab', path: '/options.html#x', tabId: 4 } }))).toBe(true);
    expect(isRestartRecord(record({ reopen: { kind: 'popup' } }))).toBe(true);
    for (const bad of [null, 'x', {}, record({ to: '' }), record({ at: Number.NaN }), { ...record(), from: 3 },
      record({ reopen: { kind: 'tab', path: 'https://evil.example/' } as Reopen }),
      record({ reopen: { kind: 'tab', path: '/options.html', tabId: 1.5 } }), record({ reopen: { kind: 'window' } as unknown as Reopen })]) {
      expect(isRestartRecord(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads back what is stored, and garbage as none', async () => {
    fakeBrowser.reset();
    await restartStore.set(record());
    await expect(restartStore.get()).resolves.toEqual(record());
    await fakeBrowser.storage.local.set({ buildRestart: { to: 7 } });
    await expect(restartStore.get()).resolves.toBeNull();
  });
});

/** A page's guard over the fake browser's storage, its worker answering from `worker`. */
function pageOf(worker: string | null | undefined, opts: { known?: boolean; restart?: () => void; where?: Reopen } = {}) {
  const restart = vi.fn(opts.restart ?? (() => undefined));
  const ask = vi.fn(async () => worker ?? null);
  const deps: PageGuardDeps = {
    build: NEW,
    known: () => (opts.known ? worker : undefined),
    ask,
    store: restartStore,
    restart,
    where: async () => opts.where,
    now: () => NOW,
  };
  const states: BuildCheck[] = [];
  const guard = guardPageBuild(deps);
  guard.subscribe((s) => states.push(s));
  return { guard, restart, ask, states };
}

describe('a page\'s build guard (fakeBrowser)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('on the same build: nothing happens, nothing is stored', async () => {
    const page = pageOf(NEW);
    await eventually(() => expect(page.guard.state).toBe('same'));
    expect(page.restart).not.toHaveBeenCalled();
    await expect(fakeBrowser.storage.local.get('buildRestart')).resolves.toEqual({});
  });

  it('rides on a reply the page already had: asks nothing more', async () => {
    const page = pageOf(NEW, { known: true });
    expect(page.guard.state).toBe('same');
    expect(page.ask).not.toHaveBeenCalled();
    expect(pageOf(NEW).ask).toHaveBeenCalledOnce();
  });

  it('on another build: records the restart (towards the page\'s build, where to reopen), then restarts once', async () => {
    const where: Reopen = { kind: 'tab', path: '/options.html', tabId: 9 };
    const page = pageOf(null, { known: true, where });
    await eventually(() => expect(page.guard.state).toBe('restarting'));
    expect(page.restart).toHaveBeenCalledOnce();
    await expect(restartStore.get()).resolves.toEqual({ to: NEW, from: null, at: NOW, reopen: where });
    expect(page.states).toEqual(['restarting']);
  });

  it('when the restart cannot be asked for, says so instead of half working', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = pageOf(OLD, { restart: () => { throw new Error('reload is not allowed'); } });
    await eventually(() => expect(page.guard.state).toBe('stuck'));
    expect(page.restart).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0])).toContain('reload is not allowed');
    logged.mockRestore();
  });

  it('no loop: the page that opens after a restart which did not help says what to do, and restarts nothing', async () => {
    // The first page restarts Vantage; the worker that comes up is still the old one (it cannot fulfil the record).
    const first = pageOf(OLD);
    await eventually(() => expect(first.restart).toHaveBeenCalledOnce());
    await expect(finishRestart(restartStore, OLD, vi.fn(), NOW)).resolves.toBe(false);
    // The page opened again (or by the user) finds the same mix.
    const again = pageOf(OLD);
    await eventually(() => expect(again.guard.state).toBe('stuck'));
    expect(again.restart).not.toHaveBeenCalled();
    await expect(restartStore.get(), 'the record stays, so every page says so').resolves.toMatchObject({ to: NEW, from: OLD });
  });

  it('once the worker of the page\'s build comes up, it forgets the record and opens the page again, then pages run as one build', async () => {
    const where: Reopen = { kind: 'tab', path: '/dashboard.html#project=nebula', tabId: 3 };
    const first = pageOf(OLD, { where });
    await eventually(() => expect(first.restart).toHaveBeenCalledOnce());
    const reopen = vi.fn(async () => undefined);
    await expect(finishRestart(restartStore, NEW, reopen, NOW + 2_000)).resolves.toBe(true);
    expect(reopen).toHaveBeenCalledWith(where);
    await expect(restartStore.get()).resolves.toBeNull();
    const after = pageOf(NEW);
    await eventually(() => expect(after.guard.state).toBe('same'));
    // A later mix (another update) restarts again: the record of the one that worked is gone.
    const later = pageOf(OLD);
    await eventually(() => expect(later.restart).toHaveBeenCalledOnce());
  });
});

describe('finishRestart: the worker side', () => {
  beforeEach(() => fakeBrowser.reset());

  it('does nothing without a record, and survives a page it cannot open again', async () => {
    const reopen = vi.fn(async () => undefined);
    await expect(finishRestart(restartStore, NEW, reopen, NOW)).resolves.toBe(false);
    expect(reopen).not.toHaveBeenCalled();
    await restartStore.set(record({ at: NOW - 1_000, reopen: { kind: 'popup' } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(finishRestart(restartStore, NEW, async () => { throw new Error('no window'); }, NOW)).resolves.toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    await expect(restartStore.get()).resolves.toBeNull();
  });

  it('opens nothing out of the blue when the build came up long after the restart (Vantage was off meanwhile), but forgets the record', async () => {
    await restartStore.set(record({ at: NOW, reopen: { kind: 'tab', path: '/options.html', tabId: 2 } }));
    const reopen = vi.fn(async () => undefined);
    await expect(finishRestart(restartStore, NEW, reopen, NOW + REOPEN_WITHIN_MS)).resolves.toBe(true);
    expect(reopen).not.toHaveBeenCalled();
    await expect(restartStore.get()).resolves.toBeNull();
  });
});
