import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserPath, isDebianLike, missingBrowsers, planBrowsers, type MachineFacts } from '../../setup/browsers.ts';

const DEBIAN_ROOT: MachineFacts = { apt: true, root: true, passwordlessSudo: false };
const DEBIAN_USER: MachineFacts = { apt: true, root: false, passwordlessSudo: false };
const present = (paths: readonly string[]) => (p: string) => paths.includes(p);

describe('browser check before npm test', () => {
  it('reads CHROMIUM_PATH and FIREFOX_PATH, else Debian paths', () => {
    expect(browserPath('chromium', {})).toBe('/usr/bin/chromium');
    expect(browserPath('firefox', {})).toBe('/usr/bin/firefox-esr');
    expect(browserPath('chromium', { CHROMIUM_PATH: '/opt/c/chrome' })).toBe('/opt/c/chrome');
    expect(browserPath('firefox', { FIREFOX_PATH: '' })).toBe('/usr/bin/firefox-esr');
  });

  it('is ready when both executables are there', () => {
    const missing = missingBrowsers({}, present(['/usr/bin/chromium', '/usr/bin/firefox-esr']));
    expect(missing).toEqual([]);
    expect(planBrowsers(missing, DEBIAN_USER)).toEqual({ kind: 'ready' });
  });

  it('installs only what is missing, as root without sudo, with passwordless sudo otherwise', () => {
    const missing = missingBrowsers({}, present(['/usr/bin/chromium']));
    expect(planBrowsers(missing, DEBIAN_ROOT)).toEqual({ kind: 'install', packages: ['firefox-esr'], sudo: false });
    expect(planBrowsers(missing, { ...DEBIAN_USER, passwordlessSudo: true })).toEqual({ kind: 'install', packages: ['firefox-esr'], sudo: true });
  });

  it('stops with the exact command where it may not install', () => {
    const plan = planBrowsers(missingBrowsers({}, present([])), DEBIAN_USER);
    expect(plan).toEqual({
      kind: 'stop',
      message: 'npm test needs Chromium (/usr/bin/chromium) and Firefox ESR (/usr/bin/firefox-esr), missing here. '
        + 'Run: sudo apt-get install -y chromium firefox-esr (or set CHROMIUM_PATH / FIREFOX_PATH to another executable).',
    });
    const elsewhere = planBrowsers(missingBrowsers({}, present(['/usr/bin/chromium'])), { apt: false, root: true, passwordlessSudo: false });
    expect(elsewhere).toMatchObject({ kind: 'stop', message: expect.stringContaining('Run: install Firefox ESR') });
  });

  it('never installs for a missing overridden path: the user chose it', () => {
    const missing = missingBrowsers({ CHROMIUM_PATH: '/nowhere/chrome' }, present(['/usr/bin/chromium', '/usr/bin/firefox-esr']));
    expect(missing).toEqual([{ name: 'chromium', path: '/nowhere/chrome', overridden: true }]);
    expect(planBrowsers(missing, DEBIAN_ROOT)).toMatchObject({ kind: 'stop', message: expect.stringContaining('CHROMIUM_PATH=/nowhere/chrome') });
  });

  it('knows Debian and its derivatives from /etc/os-release', () => {
    expect(isDebianLike('PRETTY_NAME="Debian GNU/Linux 12"\nID=debian\n')).toBe(true);
    expect(isDebianLike('ID=ubuntu\nID_LIKE=debian\n')).toBe(true);
    expect(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe(true);
    expect(isDebianLike('ID=fedora\n')).toBe(false);
  });

  it('the npm test step fails at once with one clear line when a browser is missing', () => {
    const root = resolve(import.meta.dirname, '../../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/setup/ensure-browsers.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, FIREFOX_PATH: '/nonexistent/firefox-esr' },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "npm test: FIREFOX_PATH=/nonexistent/firefox-esr is not an executable browser; point it at one, or unset it to use Debian's package.",
    );
  });
});
