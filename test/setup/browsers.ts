/**
 * The two browsers the real-browser suites drive, where to find them and, where
 * they are missing, what to do about it. Pure: the caller hands in the
 * environment and the file checks, so the rules test without touching the
 * machine. test/setup/ensure-browsers.ts runs them before `npm test` does
 * anything slow; the e2e harnesses read the paths from here.
 */

export interface BrowserSpec {
  /** What the user reads. */
  readonly label: string;
  /** The variable that points the suites at another executable. */
  readonly envVar: 'CHROMIUM_PATH' | 'FIREFOX_PATH';
  readonly defaultPath: string;
  /** Debian's package that installs `defaultPath`. */
  readonly debianPackage: string;
}

export const BROWSERS = {
  chromium: { label: 'Chromium', envVar: 'CHROMIUM_PATH', defaultPath: '/usr/bin/chromium', debianPackage: 'chromium' },
  firefox: { label: 'Firefox ESR', envVar: 'FIREFOX_PATH', defaultPath: '/usr/bin/firefox-esr', debianPackage: 'firefox-esr' },
} as const satisfies Record<string, BrowserSpec>;

export type BrowserName = keyof typeof BROWSERS;

type Env = Readonly<Record<string, string | undefined>>;

/** The executable the suites launch: the override when set, else Debian's path. */
export function browserPath(name: BrowserName, env: Env = process.env): string {
  const spec = BROWSERS[name];
  return env[spec.envVar] || spec.defaultPath;
}

export interface MissingBrowser {
  readonly name: BrowserName;
  readonly path: string;
  /** True when the path came from CHROMIUM_PATH / FIREFOX_PATH: the user chose it, so nothing is installed for it. */
  readonly overridden: boolean;
}

export function missingBrowsers(env: Env, isExecutable: (path: string) => boolean): MissingBrowser[] {
  return (Object.keys(BROWSERS) as BrowserName[])
    .map((name) => ({ name, path: browserPath(name, env), overridden: Boolean(env[BROWSERS[name].envVar]) }))
    .filter((b) => !isExecutable(b.path));
}

/** What this machine allows: facts the caller reads off it. */
export interface MachineFacts {
  /** /etc/os-release names Debian or a derivative (Ubuntu…), and apt-get is on the PATH. */
  readonly apt: boolean;
  readonly root: boolean;
  /** `sudo -n true` succeeds. */
  readonly passwordlessSudo: boolean;
}

export type BrowserPlan =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly packages: readonly string[]; readonly sudo: boolean }
  | { readonly kind: 'stop'; readonly message: string };

/** The exact command a person would run to install `packages`. */
export function installCommand(packages: readonly string[], sudo: boolean): string {
  return `${sudo ? 'sudo ' : ''}apt-get install -y ${packages.join(' ')}`;
}

/**
 * Installs only Debian's packages at their default paths, and only where apt-get can run without a
 * password; an overridden path that is missing is the user's to fix. Otherwise one line says what is
 * missing and the exact command.
 */
export function planBrowsers(missing: readonly MissingBrowser[], machine: MachineFacts): BrowserPlan {
  if (missing.length === 0) return { kind: 'ready' };
  const overridden = missing.filter((b) => b.overridden);
  if (overridden.length > 0) {
    const what = overridden.map((b) => `${BROWSERS[b.name].envVar}=${b.path}`).join(', ');
    return { kind: 'stop', message: `npm test: ${what} is not an executable browser; point it at one, or unset it to use Debian's package.` };
  }
  const packages = missing.map((b) => BROWSERS[b.name].debianPackage);
  if (machine.apt && (machine.root || machine.passwordlessSudo)) return { kind: 'install', packages, sudo: !machine.root };
  const what = missing.map((b) => `${BROWSERS[b.name].label} (${b.path})`).join(' and ');
  const how = machine.apt ? installCommand(packages, true) : `install ${missing.map((b) => BROWSERS[b.name].label).join(' and ')}`;
  return {
    kind: 'stop',
    message: `npm test needs ${what}, missing here. Run: ${how} (or set ${missing.map((b) => BROWSERS[b.name].envVar).join(' / ')} to another executable).`,
  };
}

/** /etc/os-release's text names Debian or a derivative of it. */
export function isDebianLike(osRelease: string): boolean {
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/im.test(osRelease);
}
