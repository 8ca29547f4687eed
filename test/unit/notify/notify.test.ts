import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browserNotifier, notificationTargetsItem, openNotification, type NotificationsApi } from '@/lib/notify/browser-notifier.ts';
import { DIGEST_ID, DIGEST_LINES, deliver, digest } from '@/lib/notify/digest.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { targetPath } from '@/lib/notify/target.ts';
import { parseDashboardHash } from '@/lib/stats/dashboard-link.ts';
import { listenForClicks } from '@/lib/notify/worker.ts';

const note = (id: string, target: UserNotification['target'] = { page: 'dashboard', project: 'nebula', metric: id }): UserNotification =>
  ({ id, title: `T ${id}`, message: `M ${id}`, target });

/** The browser's notifications, as far as the notifier sees them; `granted` is the optional permission. */
function fakeApi(granted: boolean) {
  const shown = new Map<string, { title: string; message: string; iconUrl: string }>();
  const api: NotificationsApi = {
    granted: async () => granted,
    create: async (id, o) => {
      // The browser refuses to show anything without the permission; the fake does too.
      if (!granted) throw new Error('notifications is not allowed');
      shown.set(id, o);
    },
    clear: async (id) => shown.delete(id),
  };
  return { api, shown };
}

describe('digest', () => {
  it('leaves one notification alone and folds two or more into one', () => {
    expect(digest([note('a')])).toEqual([note('a')]);
    const d = digest([note('a'), note('b')]);
    expect(d).toEqual([{ id: DIGEST_ID, title: 'Vantage: 2 alerts', message: 'T a: M a\nT b: M b', target: { page: 'dashboard', project: 'nebula' } }]);
  });

  it('counts what does not fit, and leads to the first one when the targets differ', () => {
    const many = Array.from({ length: DIGEST_LINES + 2 }, (_, i) => note(`n${i}`, i === 0 ? { page: 'score', address: '0xabc', model: 'credit-v1' } : undefined));
    const [d] = digest(many);
    expect(d!.message.split('\n')).toHaveLength(DIGEST_LINES + 1);
    expect(d!.message).toMatch(/and 2 more$/);
    expect(d!.target).toEqual({ page: 'score', address: '0xabc', model: 'credit-v1' });
  });

  it("words and aims each feature's digest its own way, under its own id", () => {
    const kind = { id: 'k-digest', title: (n: number) => `${n} things`, more: (n: number) => `+${n}`, overview: { page: 'watchlist' } as const };
    const score = (a: string) => note(a, { page: 'score', address: a, model: 'credit-v1' });
    const many = Array.from({ length: DIGEST_LINES + 1 }, (_, i) => score(`0x${i}`));
    expect(digest(many, kind)).toEqual([{ id: 'k-digest', title: '6 things', message: expect.stringMatching(/^T 0x0: M 0x0\n(.+\n){4}\+1$/), target: { page: 'watchlist' } }]);
    // Leading to one place, it goes there.
    expect(digest([score('0x1'), { ...score('0x1'), id: 'again' }], kind)[0]!.target).toEqual(score('0x1').target);
    // One is shown as it is.
    expect(digest([score('0x1')], kind)).toEqual([score('0x1')]);
  });

  it('deliver shows the digest through the notifier', async () => {
    const show = vi.fn(async () => true);
    expect(await deliver({ show }, [note('a'), note('b'), note('c')])).toBe(1);
    expect(show).toHaveBeenCalledTimes(1);
  });
});

describe('targets', () => {
  it('name the dashboard at a metric, or the score window, and read back', () => {
    const path = targetPath({ page: 'dashboard', project: 'nebula', metric: 'dailyUsers' });
    expect(path).toBe('/dashboard.html#project=nebula&metric=dailyUsers');
    expect(parseDashboardHash(path.slice(path.indexOf('#')))).toEqual({ project: 'nebula', metric: 'dailyUsers' });
    expect(parseDashboardHash('#project=a%26b')).toEqual({ project: 'a&b' });
    expect(parseDashboardHash('')).toEqual({});
    expect(targetPath({ page: 'score', address: '0xAbC', model: 'credit-v1' })).toBe('/score.html?address=0xAbC&model=credit-v1');
  });
});

describe('browser notifier', () => {
  beforeEach(() => fakeBrowser.reset());

  it('shows nothing without the permission', async () => {
    const { api, shown } = fakeApi(false);
    expect(await browserNotifier(api, () => 'icon.png').show(note('a'))).toBe(false);
    expect(shown.size).toBe(0);
  });

  it('shows it with the permission, and a click opens its target and clears it', async () => {
    const { api, shown } = fakeApi(true);
    expect(await browserNotifier(api, () => 'icon.png').show(note('dailyUsers'))).toBe(true);
    expect(shown.get('dailyUsers')).toEqual({ type: 'basic', iconUrl: 'icon.png', title: 'T dailyUsers', message: 'M dailyUsers' });
    const opened: string[] = [];
    const opener = { openTab: async (u: string) => opened.push(u), openScore: async (p: string) => opened.push(`window:${p}`) };
    expect(await openNotification('dailyUsers', api, opener)).toBe(true);
    expect(opened).toEqual([expect.stringMatching(/\/dashboard\.html#project=nebula&metric=dailyUsers$/)]);
    expect(shown.size).toBe(0);
    // Not ours (or forgotten with the session): nothing opens.
    expect(await openNotification('someone-else', api, opener)).toBe(false);
    expect(opened).toHaveLength(1);
  });

  it('opens the score window for a score target', async () => {
    const { api } = fakeApi(true);
    await browserNotifier(api, () => 'i').show(note('w', { page: 'score', address: '0xabc', model: 'activity' }));
    const openScore = vi.fn(async () => undefined);
    await openNotification('w', api, { openTab: async () => undefined, openScore });
    expect(openScore).toHaveBeenCalledWith('/score.html?address=0xabc&model=activity');
  });

  it('keeps both targets when two notifiers show at once (two missed alarms firing after a restart)', async () => {
    const { api, shown } = fakeApi(true);
    const alerts = browserNotifier(api, () => 'i');
    const watch = browserNotifier(api, () => 'i');
    const score = { page: 'score', address: '0xabc', model: 'activity' } as const;
    expect(await Promise.all([alerts.show(note('a')), watch.show(note('w', score)), alerts.show(note('b'))])).toEqual([true, true, true]);
    expect(shown.size).toBe(3);
    expect(await notificationTargetsItem.getValue()).toEqual({ a: note('a').target, w: score, b: note('b').target });
  });

  it('opens the score window, with its watchlist, for a watchlist target', async () => {
    const { api } = fakeApi(true);
    await browserNotifier(api, () => 'i').show(note('d', { page: 'watchlist' }));
    const openScore = vi.fn(async () => undefined);
    const openTab = vi.fn(async () => undefined);
    expect(await openNotification('d', api, { openTab, openScore })).toBe(true);
    expect(openScore).toHaveBeenCalledWith('/score.html');
    expect(openTab).not.toHaveBeenCalled();
  });

  it('keeps targets in storage.session', async () => {
    const { api } = fakeApi(true);
    await browserNotifier(api, () => 'i').show(note('a'));
    expect(await fakeBrowser.storage.session.get('notificationTargets')).toEqual({ notificationTargets: { a: note('a').target } });
    expect(await notificationTargetsItem.getValue()).toHaveProperty('a');
  });
});

describe('click listener', () => {
  it('is added at once when the API is there, and once more only when it appears', () => {
    const listeners: ((id: string) => void)[] = [];
    const onClicked = { addListener: (cb: (id: string) => void) => listeners.push(cb), hasListener: (cb: (id: string) => void) => listeners.includes(cb) };
    // Not granted yet: no `notifications` API at all.
    const browserNow: { notifications?: { onClicked: typeof onClicked } } = {};
    const attach = listenForClicks(() => browserNow.notifications, fakeApi(true).api);
    expect(listeners).toHaveLength(0);
    browserNow.notifications = { onClicked };
    attach();
    attach();
    expect(listeners).toHaveLength(1);
  });
});
