import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Entrypoint } from 'wxt';
import { dropOtherBrowsersEntrypoints } from '@/lib/platform/entrypoints-per-browser.ts';
import { PAGE_SCRIPT_FILE, PAGE_SCRIPT_INJECTED_IN } from '@/lib/platform/firefox-manifest.ts';
import injected from '@/entrypoints/page-api-injected.ts';
import mainWorld from '@/entrypoints/page-api.content.ts';

const entry = (name: string, skipped: boolean, options: { include?: string[]; exclude?: string[] }) =>
  ({ name, skipped, options, type: 'unlisted-script', inputPath: `/x/${name}.ts`, outputDir: '/out' }) as unknown as Entrypoint;

describe('entrypoints built for one browser', () => {
  it('leave the other browsers\' list before WXT reports them as skipped; every other entrypoint stays', () => {
    const list = [
      entry('popup', false, {}),
      entry('firefox-only', true, { include: ['firefox'] }),
      entry('not-firefox', true, { exclude: ['firefox'] }),
      entry('built-here', false, { include: ['chrome'] }),
      // Both lists set is a mistake WXT warns about: it stays for WXT to report.
      entry('both-lists', true, { include: ['chrome'], exclude: ['firefox'] }),
    ];
    dropOtherBrowsersEntrypoints(undefined, list);
    expect(list.map((e) => e.name)).toEqual(['popup', 'built-here', 'both-lists']);
  });

  it('the page-world script the Firefox relay loads by URL is the entrypoint built for exactly those browsers, and the main-world one for the others', () => {
    // The Chromium types (`wxt prepare`) do not list the file, so lib/platform/page-world.ts cannot have it checked by tsc.
    expect(existsSync(`entrypoints/${PAGE_SCRIPT_FILE.replace(/\.js$/, '.ts')}`)).toBe(true);
    expect(injected.include).toEqual(PAGE_SCRIPT_INJECTED_IN);
    expect(mainWorld.exclude).toEqual(PAGE_SCRIPT_INJECTED_IN);
  });
});
