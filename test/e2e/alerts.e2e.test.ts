import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { alertsScenarios, startAlertsWorld } from './scenarios/alerts.ts';
import { useWorld } from './scenarios/scenario.ts';

/**
 * Metric alerts in Chromium. Chromium cannot answer an extension's
 * permission prompt headless (no flag, no CDP command), so this copy of the
 * built extension is launched with `notifications` already granted (listed
 * in `permissions` too): the form's `permissions.request` then resolves true
 * at once, as it does for a user who allowed it before. Firefox's suite
 * grants the real request (firefox-alerts.e2e.test.ts).
 */
const copies: string[] = [];
async function withNotificationsGranted(dir: string): Promise<string> {
  const tmp = await mkdtemp(join(tmpdir(), 'vantage-alerts-ext-'));
  copies.push(tmp);
  await cp(dir, tmp, { recursive: true });
  const manifest = JSON.parse(await readFile(join(tmp, 'manifest.json'), 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  expect(manifest.optional_permissions).toContain('notifications');
  manifest.permissions = [...manifest.permissions, 'notifications'];
  await writeFile(join(tmp, 'manifest.json'), JSON.stringify(manifest));
  return tmp;
}

afterAll(async () => {
  await Promise.all(copies.map((d) => rm(d, { recursive: true, force: true })));
});

describe('metric alerts in Chromium', () => {
  const world = useWorld(async () => startAlertsWorld(launchChromium, await withNotificationsGranted(EXTENSION_DIR)));
  for (const s of alertsScenarios) it(s.name, () => s.run(world()), 90_000);
});
