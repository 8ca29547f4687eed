import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { useWorld } from './scenarios/scenario.ts';
import { startWatchWorld, watchScenarios } from './scenarios/watch.ts';

/**
 * The watchlist in Chromium. Chromium's prompt for an optional permission is
 * browser UI that neither CDP nor Playwright can answer (CDP's
 * Browser.grantPermissions grants the web Notification permission, not the
 * extension's `notifications`), so this runs a copy of the build whose
 * manifest holds `notifications` as granted at install: everything else is
 * the build as shipped. Firefox (firefox-watch.e2e.test.ts) runs the real
 * optional request, which its driver's prefs let through without a prompt.
 */
async function withNotificationsGranted(dir: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'vantage-watch-ext-'));
  await cp(dir, copy, { recursive: true });
  const manifest = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  manifest.permissions = [...manifest.permissions, 'notifications'];
  manifest.optional_permissions = (manifest.optional_permissions ?? []).filter((p) => p !== 'notifications');
  await writeFile(join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
}

describe('address watchlist in Chromium', () => {
  let dir: string | undefined;
  const world = useWorld(async () => startWatchWorld(launchChromium, (dir = await withNotificationsGranted(EXTENSION_DIR))));
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  for (const s of watchScenarios) it(s.name, () => s.run(world()));
});
