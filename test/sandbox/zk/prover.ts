import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { zkPaths } from './paths.ts';
import type { ProveReply, ProveRequest, ProverArtifacts, ScoreProof } from './prover-protocol.ts';
import type { CircuitInput } from './statement.ts';

export type { ScoreProof } from './prover-protocol.ts';

/** Generates Groth16 score proofs without blocking the caller's event loop. */
export interface Prover {
  prove(input: CircuitInput): Promise<ScoreProof>;
  /**
   * Starts the proving process now, idle, so the first proof does not also pay for its start
   * (a process, TypeScript loading, snarkjs and the artifacts: seconds on a loaded machine).
   */
  warm?(): void;
  /** Stops the proving process; pending proofs reject. */
  close(): Promise<void>;
}

interface Pending {
  resolve(proof: ScoreProof): void;
  reject(error: Error): void;
}

// The worker is TypeScript: load it through tsx whether we run under tsx or Vitest.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const workerPath = fileURLToPath(new URL('./prove-worker.ts', import.meta.url));

/** Lets the process exit while the worker idles, and keeps it alive while proofs are pending. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/**
 * A prover backed by one long-lived worker process, started on first use and
 * restarted on the next proof if it dies.
 */
export function createWorkerProver(artifacts: ProverArtifacts = { wasm: zkPaths.wasm, zkey: zkPaths.zkey }): Prover {
  let child: ChildProcess | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const start = (): ChildProcess => {
    const c = fork(workerPath, [], {
      execArgv: ['--import', tsxLoader],
      env: { ...process.env, VANTAGE_PROVER_ARTIFACTS: JSON.stringify(artifacts) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.on('message', (reply: ProveReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new Error(`Proving failed: ${reply.error}`));
      if (pending.size === 0) holdOpen(c, false);
    });
    c.on('error', (error) => failAll(error));
    c.on('exit', (code, signal) => {
      if (child === c) child = undefined;
      failAll(new Error(`The prover process stopped (${signal ?? `exit code ${code}`}).`));
    });
    return c;
  };

  return {
    warm() {
      child ??= start();
      holdOpen(child, false);
    },
    prove(input) {
      const c = (child ??= start());
      holdOpen(c, true);
      const id = nextId++;
      const request: ProveRequest = { id, input };
      return new Promise<ScoreProof>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        c.send(request, (error) => {
          if (error && pending.delete(id)) reject(error);
        });
      });
    },
    async close() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill();
      await exited;
    },
  };
}

let shared: Prover | undefined;

/**
 * The prover of every sandbox in this process that was given none: one process on the committed artifacts,
 * started on first use. Its start (a process, TypeScript, snarkjs, the artifacts and snarkjs's curve) costs
 * seconds of CPU, which several sandboxes of one process (a test file's, or a test run's) pay once. It idles
 * without keeping the process alive and leaves with it.
 */
export function sharedWorkerProver(): Prover {
  return (shared ??= createWorkerProver());
}
