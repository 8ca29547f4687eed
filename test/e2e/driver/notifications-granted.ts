import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A copy of a Chromium build whose manifest holds `notifications` as granted
 * at install; everything else is the build as shipped. Chromium's prompt for
 * an optional permission is browser UI that neither CDP nor Playwright can
 * answer (CDP's Browser.grantPermissions grants the web Notification
 * permission, not the extension's), so a feature's `permissions.request`
 * then resolves true at once, as for a user who allowed it before. Firefox's
 * suites run the real optional request, which its driver's prefs let through.
 */
export async function buildWithNotificationsGranted(dir: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const copy = await mkdtemp(join(tmpdir(), 'vantage-notifications-ext-'));
  await cp(dir, copy, { recursive: true });
  const file = join(copy, 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  if (!manifest.optional_permissions?.includes('notifications')) throw new Error('The build does not list notifications as optional.');
  manifest.permissions = [...manifest.permissions, 'notifications'];
  manifest.optional_permissions = manifest.optional_permissions.filter((p) => p !== 'notifications');
  await writeFile(file, JSON.stringify(manifest));
  return { dir: copy, dispose: () => rm(copy, { recursive: true, force: true }) };
}
