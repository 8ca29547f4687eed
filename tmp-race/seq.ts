import { readFileSync } from 'node:fs';
import * as snarkjs from 'snarkjs';
import { groth16Verify } from '../sdk/src/server/groth16.ts';
const v = JSON.parse(readFileSync('sdk/fixtures/score-proof-vectors.json', 'utf8'));
const c = v.cases[0].result; const vk = v.verificationKey;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const [name, f] of [['sandbox', () => snarkjs.groth16.verify(vk, c.publicSignals, c.proof.proof)], ['sdk', () => groth16Verify(vk, c.publicSignals, c.proof.proof)], ['sandbox', () => snarkjs.groth16.verify(vk, c.publicSignals, c.proof.proof)]] as const) {
  for (let i = 0; i < 3; i++) { const t = performance.now(); const c0 = cpu(); const r = await f(); console.log(name, r, (performance.now() - t).toFixed(0), 'ms', (cpu() - c0).toFixed(0), 'cpu-ms (main)', 'global single?', (globalThis as any).curve_bn128?.tm?.singleThread); }
}
process.exit(0);
