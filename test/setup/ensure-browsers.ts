/**
 * First step of `npm test`: makes sure Chromium and Firefox ESR are there before the suites run for
 * minutes. Installs them from Debian's packages where this machine can (root or passwordless sudo,
 * saying so), else stops at once with one line naming what is missing and the command to run.
 *
 *   tsx test/setup/ensure-browsers.ts
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { installCommand, isDebianLike, missingBrowsers, planBrowsers, type MachineFacts } from './browsers.ts';

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const succeeds = (cmd: string, args: readonly string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

function machineFacts(): MachineFacts {
  let osRelease = '';
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // Not Linux, or no os-release: no apt-get to offer.
  }
  const apt = isDebianLike(osRelease) && succeeds('sh', ['-c', 'command -v apt-get']);
  const root = process.getuid?.() === 0;
  return { apt, root, passwordlessSudo: !root && succeeds('sudo', ['-n', 'true']) };
}

function run(sudo: boolean, args: readonly string[]): void {
  const [cmd, argv] = sudo ? ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', ...args]] : [args[0]!, args.slice(1)];
  const result = spawnSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`npm test: "${[cmd, ...argv].join(' ')}" failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

const missing = missingBrowsers(process.env, isExecutable);
const plan = planBrowsers(missing, missing.length ? machineFacts() : { apt: false, root: false, passwordlessSudo: false });
if (plan.kind === 'stop') {
  console.error(plan.message);
  process.exit(1);
}
if (plan.kind === 'install') {
  console.log(`npm test: installing the browsers the real-browser tests drive, from Debian's packages: ${installCommand(plan.packages, plan.sudo)}`);
  run(plan.sudo, ['apt-get', 'update', '-qq']);
  run(plan.sudo, ['apt-get', 'install', '-y', '-qq', ...plan.packages]);
  const still = missingBrowsers(process.env, isExecutable);
  if (still.length) {
    console.error(`npm test: ${still.map((b) => b.path).join(' and ')} still missing after the install.`);
    process.exit(1);
  }
}
