import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../sandbox/cli.ts', import.meta.url));

/**
 * The sandbox in a process of its own (as `npm run sandbox` runs it), so a
 * bench's own work does not slow its answers; `args` are the CLI's. Resolves
 * once it prints SANDBOX_READY, with its origin.
 */
export async function startSandboxProcess(args: readonly string[]): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('sandbox did not start within 120 s')), 120_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /SANDBOX_READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { origin, child };
}
