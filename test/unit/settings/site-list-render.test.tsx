// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { SiteList } from '@/components/options/SiteList.tsx';
import { siteLists, type SiteLists } from '@/lib/settings/site-lists.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';

const rootNow = useRenderRoot();
const SITE = 'https://app.example';

async function shown(lists: SiteLists) {
  await act(() => render(<SiteList list="allowed" lists={lists} />, rootNow()));
  await expect.poll(() => rootNow().querySelector('.site-origin')?.textContent).toBe(SITE);
  return () => rootNow().querySelector<HTMLButtonElement>(`button[aria-label="Revoke ${SITE}"]`)!;
}

describe('Options: a site list', () => {
  it('Revoke takes the site off at once and says so', async () => {
    const lists = siteLists(memoryVault());
    await lists.list('allowed', SITE);
    const revoke = await shown(lists);
    await act(() => revoke().click());
    await expect.poll(() => rootNow().querySelector('p.muted')?.textContent).toMatch(/No sites yet/);
    expect(rootNow().querySelector('[role="status"]')!.textContent).toBe(`Revoked ${SITE}: it must ask again before it can request a proof.`);
    expect(await lists.isListed('allowed', SITE)).toBe(false);
  });

  it('a Revoke that cannot be stored says so and keeps the site listed', async () => {
    const real = siteLists(memoryVault());
    await real.list('allowed', SITE);
    const failing: SiteLists = { ...real, unlist: () => Promise.reject(new Error('storage quota exceeded')) };
    const revoke = await shown(failing);
    await act(() => revoke().click());
    await expect.poll(() => rootNow().querySelector('[role="status"]')!.textContent).toMatch(/Could not change the list: storage quota exceeded/);
    expect(rootNow().querySelector('.site-origin')?.textContent).toBe(SITE);
    expect(await real.isListed('allowed', SITE)).toBe(true);
  });
});
