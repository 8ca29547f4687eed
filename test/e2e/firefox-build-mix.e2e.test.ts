import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPath } from '@/test/setup/browsers.ts';
import { builtId, loadedCopy, NEW_ONLY_REQUEST, UNKNOWN_REQUEST, swapFiles, type Reply } from './builds.ts';
import { bidiOf, type Bidi } from './driver/firefox-bidi.ts';
import { FIREFOX_EXTENSION_DIR } from './driver/firefox.ts';
import { answered } from './driver/firefox-page.ts';
import { PREVIOUS_RELEASE, unpackRelease } from './releases.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * One build, checked (issue 37), in Firefox ESR. Chromium's mix (an unpacked
 * build swapped while the browser is closed keeps the old worker) has no
 * Firefox counterpart: Firefox's background is a page loaded from the add-on's
 * files at each start, which registers nothing that outlives the browser.
 * Shown here with Vantage installed as a folder stays installed across
 * restarts (a proxy file in the profile's extensions folder naming the
 * unpacked folder, unsigned, which ESR allows): swapped while Firefox is
 * closed, the relaunched Firefox runs the new build in pages and background
 * at once. Where Firefox does allow a mix, files replaced while it runs (the
 * old background goes on, new pages load the new files), the first page
 * restarts Vantage, Firefox reloads it from the folder, and the page is
 * opened again on one build. Each case has its own profile and Firefox.
 */

const FIREFOX = browserPath('firefox');
const UNKNOWN = UNKNOWN_REQUEST;
const NEW_ONLY = NEW_ONLY_REQUEST;
/** The longest the add-on may take to serve its pages after Firefox starts (each case starts Firefox on a new profile). */
const ADDON_START_MS = STEP_CEILING_MS;

interface Sideloaded {
  readonly firefox: Browser;
  readonly origin: string;
  /** Opens an extension page in a new tab (`manifest.json` runs none of Vantage's scripts). */
  open(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** The add-on's id, from a Firefox build's manifest. */
async function addonIdOf(dir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { browser_specific_settings: { gecko: { id: string } } };
  return manifest.browser_specific_settings.gecko.id;
}

/** A profile where the unpacked folder `dir` is installed (the proxy file), its moz-extension:// origin pinned. */
async function profileWith(dir: string): Promise<{ profile: string; addonId: string; uuid: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'vantage-ff-profile-'));
  const addonId = await addonIdOf(dir);
  await mkdir(join(profile, 'extensions'), { recursive: true });
  await writeFile(join(profile, 'extensions', addonId), dir);
  return { profile, addonId, uuid: randomUUID() };
}

/** Firefox on that profile, with one web tab kept open (Firefox quits when the extension's restart closes its last tab). */
async function launchSideloaded(at: { profile: string; addonId: string; uuid: string }): Promise<Sideloaded> {
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: at.profile,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      // An unsigned add-on from the profile's extensions folder, enabled without asking.
      'xpinstall.signatures.required': false,
      'extensions.autoDisableScopes': 0,
      'extensions.webextensions.uuids': JSON.stringify({ [at.addonId]: at.uuid }),
    },
  });
  const bidi: Bidi = await bidiOf(firefox);
  const origin = `moz-extension://${at.uuid}`;
  return {
    firefox,
    origin,
    async open(path) {
      const page = await firefox.newPage();
      // The add-on starts with the browser, a moment after it answers: until then its pages do not load. A ceiling,
      // not a goal: a first start on an empty profile took over 10 s beside the rest of a full run (npm test).
      await expect.poll(() => answered(bidi.navigate(page, `${origin}/${path}`), `the load of ${path}`).then(() => true, () => false), { timeout: ADDON_START_MS })
        .toBe(true);
      return page;
    },
    close: () => firefox.close(),
  };
}

/** Asks Vantage's background from an extension page, as the pages do. */
const ask = (page: Page, type: string) =>
  page.evaluate((t) => browser.runtime.sendMessage({ channel: 'vantage/v1', type: t, payload: {} }), type) as Promise<Reply>;

/** Asks from the add-on's manifest document, which runs none of Vantage's scripts (no build check there). */
async function askQuietly(ff: Sideloaded, type: string): Promise<Reply> {
  const page = await ff.open('manifest.json');
  try {
    return await ask(page, type);
  } finally {
    await page.close();
  }
}

/** Each open tab's location and, on Vantage's pages, what its build check found. */
const tabs = async (firefox: Browser) =>
  Promise.all((await firefox.pages()).map(async (p) => ({
    page: p,
    href: await p.evaluate(() => location.href).catch(() => ''),
    check: await p.evaluate(() => document.getElementById('build-check')?.dataset.state ?? null).catch(() => null),
  })));

describe(`Firefox: ${PREVIOUS_RELEASE} installed from an unpacked folder, the folder then holding this build`, () => {
  let build: string;
  let release: string;
  beforeAll(async () => {
    [build, release] = await Promise.all([builtId(FIREFOX_EXTENSION_DIR), unpackRelease('firefox')]);
  });
  afterAll(() => rm(release, { recursive: true, force: true }));

  it('swapped while Firefox is closed: relaunched, it runs this build in pages and background at once (no mix to end)', async () => {
    const dir = await loadedCopy(release);
    const at = await profileWith(dir);
    try {
      const old = await launchSideloaded(at);
      try {
        expect(await askQuietly(old, NEW_ONLY)).toMatchObject({ ok: false, error: { message: UNKNOWN } });
      } finally {
        await old.close();
      }
      await swapFiles(dir, FIREFOX_EXTENSION_DIR);

      const ff = await launchSideloaded(at);
      try {
        // The background answers from this build before any page of Vantage opened.
        expect(await askQuietly(ff, NEW_ONLY)).toMatchObject({ ok: true, build });
        const options = await ff.open('options.html');
        await expect.poll(() => options.evaluate(() => document.getElementById('build-check')?.dataset.state)).toBe('same');
        expect(await ask(options, 'ping')).toMatchObject({ ok: true, build });
        expect(await options.evaluate(() => browser.storage.local.get('buildRestart')), 'nothing restarted').toEqual({});
      } finally {
        await ff.close();
      }
    } finally {
      await Promise.all([dir, at.profile].map((d) => rm(d, { recursive: true, force: true })));
    }
    // Two Firefox starts on a new profile, each waiting up to ADDON_START_MS for the add-on.
  }, 240_000);

  it('replaced while Firefox runs: the old background still answers; the first page restarts Vantage and is opened again on this build', async () => {
    const dir = await loadedCopy(release);
    const at = await profileWith(dir);
    const ff = await launchSideloaded(at);
    try {
      expect(await askQuietly(ff, 'ping')).toMatchObject({ ok: true, value: { version: PREVIOUS_RELEASE } });
      await swapFiles(dir, FIREFOX_EXTENSION_DIR);
      const mixed = await askQuietly(ff, NEW_ONLY);
      expect(mixed, 'the old background answers the new files\' pages').toMatchObject({ ok: false, error: { message: UNKNOWN } });
      expect(mixed.build).toBeUndefined();

      await ff.open('options.html');
      // Firefox closes the extension's tabs as it reloads it; the new background opens the page again.
      await expect.poll(async () => (await tabs(ff.firefox)).filter((t) => t.href === `${ff.origin}/options.html`).map((t) => t.check), { timeout: STEP_CEILING_MS })
        .toEqual(['same']);
      const options = (await tabs(ff.firefox)).find((t) => t.href === `${ff.origin}/options.html`)!.page;
      expect(await ask(options, 'ping')).toMatchObject({ ok: true, build });
      expect(await ask(options, NEW_ONLY)).toMatchObject({ ok: true, build });
      expect(await options.evaluate(() => browser.storage.local.get('buildRestart')), 'the restart record is done with').toEqual({});
    } finally {
      await ff.close();
      await Promise.all([dir, at.profile].map((d) => rm(d, { recursive: true, force: true })));
    }
  });
});
