/** `npm run sdk:vectors`: rewrites sdk/fixtures/score-proof-vectors.json from fresh proofs (test/sdk/vectors.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeVectors, VECTORS_PATH } from './vectors.ts';

// The prover lets the process exit while it idles between two proofs: hold it open until the last.
const hold = setInterval(() => undefined, 60_000);
const vectors = await makeVectors().finally(() => clearInterval(hold));
mkdirSync(dirname(VECTORS_PATH), { recursive: true });
writeFileSync(VECTORS_PATH, `${JSON.stringify(vectors, null, 2)}\n`);
console.log(`Wrote ${vectors.cases.length} cases to ${VECTORS_PATH}`);
