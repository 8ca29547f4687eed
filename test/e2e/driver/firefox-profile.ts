import { cp, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

/**
 * A fresh Firefox profile for each launch, copied from a template profile that Firefox has started in once.
 *
 * Firefox's first start in an empty profile creates its databases (history, certificates, permissions, search)
 * and compiles its own interface's scripts into the profile's startup cache: ~3 CPU-seconds and ~4 s, paid by
 * every launch of the suite (dozens a run). A copy of a profile that has done it once starts in half the CPU
 * and a third of the time (docs/benchmarks.md, "The test suite"). The template holds nothing of a test: it is
 * made by a launch of its own, with no add-on installed and no page visited, and each launch gets a copy of it,
 * so no launch sees another's state.
 *
 * One template per Firefox executable and version (its path and modification time), in the system's temporary
 * folder, shared by the suite's worker processes and by later runs: the first process to need it makes it, the
 * others wait for it, and a template left half-made (its maker killed) is made again.
 */

const MAKE_TIMEOUT_MS = 90_000;

/** The template's folder for this executable: a Firefox upgrade gets a template of its own. */
async function templateDir(executablePath: string): Promise<string> {
  const { mtimeMs } = await stat(executablePath);
  const key = `${executablePath}-${Math.round(mtimeMs)}`.replace(/[^a-z0-9]+/gi, '-');
  return join(tmpdir(), `vantage-firefox-profile-${key}`);
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Starts Firefox once in an empty folder and closes it: the folder is then a profile that has started. */
async function makeTemplate(executablePath: string, dir: string): Promise<void> {
  const lock = `${dir}.making`;
  try {
    await mkdir(lock);
  } catch {
    // Another process is making it: wait, unless its maker died (the lock outlived any launch).
    const since = await stat(lock).then((s) => s.mtimeMs, () => 0);
    if (Date.now() - since < MAKE_TIMEOUT_MS) {
      for (const until = Date.now() + MAKE_TIMEOUT_MS; Date.now() < until;) {
        if (await exists(dir)) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await rm(lock, { recursive: true, force: true });
    return makeTemplate(executablePath, dir);
  }
  const making = await mkdtemp(`${dir}.tmp-`);
  try {
    const firefox = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, userDataDir: making });
    await firefox.close();
    // puppeteer's own preferences (user.js) are written again, with the test's, at each launch; the locks
    // belonged to the closed browser.
    await Promise.all(['user.js', 'lock', '.parentlock'].map((f) => rm(join(making, f), { force: true })));
    await writeFile(join(making, 'vantage-template.txt'), 'A Firefox profile that has started once, copied for each test launch (test/e2e/driver/firefox-profile.ts).\n');
    // Whole or not at all: the folder appears under its name only once it is complete.
    await rename(making, dir).catch(async (e: unknown) => {
      if (!(await exists(dir))) throw e;
    });
  } finally {
    // Gone once renamed; a failed launch leaves nothing behind either.
    await rm(making, { recursive: true, force: true });
    await rm(lock, { recursive: true, force: true });
  }
}

/** A new profile folder, a copy of the template (made first if need be), and how to remove it once the browser has
 * closed (puppeteer removes only the profiles it made itself). */
export async function freshFirefoxProfile(executablePath: string): Promise<{ path: string; remove(): Promise<void> }> {
  const template = await templateDir(executablePath);
  if (!(await exists(template))) await makeTemplate(executablePath, template);
  const path = await mkdtemp(join(tmpdir(), 'vantage-firefox-'));
  await cp(template, path, { recursive: true });
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
