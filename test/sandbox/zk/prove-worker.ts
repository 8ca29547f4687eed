/**
 * The proving process: runs Groth16 proving off the server's event loop,
 * one job at a time, with the circuit artifacts read once and kept in memory.
 * A child process rather than a worker thread: inside a worker thread,
 * snarkjs's curve library cannot start its own thread pool and proves on
 * one core only.
 */
import { readFile } from 'node:fs/promises';
import * as snarkjs from 'snarkjs';
import type { ProveReply, ProveRequest, ProverArtifacts } from './prover-protocol.ts';

const send = process.send?.bind(process);
if (!send) throw new Error('prove-worker.ts must be started with an IPC channel (child_process.fork).');

const artifacts = JSON.parse(process.env.VANTAGE_PROVER_ARTIFACTS ?? '{}') as ProverArtifacts;
const loaded = Promise.all([readFile(artifacts.wasm), readFile(artifacts.zkey)]);

// circom's witness calculator prints a failed constraint before throwing the
// same text; the error reaches the parent, so the print is only noise.
const printError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args[0] !== 'ERROR: ') printError(...args);
};

let queue: Promise<unknown> = Promise.resolve();

async function prove(request: ProveRequest): Promise<ProveReply> {
  try {
    const [wasm, zkey] = await loaded;
    const { proof, publicSignals } = await snarkjs.groth16.fullProve(
      request.input,
      { type: 'mem', data: new Uint8Array(wasm) },
      { type: 'mem', data: new Uint8Array(zkey) },
    );
    return { id: request.id, ok: true, result: { proof, publicSignals } };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: ProveRequest) => {
  queue = queue.then(async () => send(await prove(request)));
});
// The parent owns this process: leave with it.
process.on('disconnect', () => process.exit(0));
