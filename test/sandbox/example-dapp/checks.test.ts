import { describe, expect, it } from 'vitest';
import { hashToField as nodeHashToField } from '../zk/field.ts';
import { checkAnswersRequest, hashToField } from './checks.ts';

describe('example dApp checks', () => {
  it('computes hashToField with WebCrypto exactly as the service does', async () => {
    for (const s of ['credit-v1', 'alice@lending.example', '', 'ünïcødé ✓']) {
      expect(await hashToField(s)).toBe(nodeHashToField(s).toString());
    }
  });

  it('accepts only a proof that answers the request and carries the service key', async () => {
    const asked = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice' };
    const key = { Ax: '111', Ay: '222' };
    const signals = ['712', '600', await hashToField('credit-v1'), await hashToField('alice'), '111', '222', '999'];
    expect(await checkAnswersRequest(signals, asked, key)).toEqual({ wellFormed: true, condition: true, scoreId: true, web2Id: true, attested: true });
    expect(await checkAnswersRequest(signals, { ...asked, web2Id: 'mallory' }, key)).toMatchObject({ web2Id: false });
    expect(await checkAnswersRequest(signals, { ...asked, condition: 500 }, key)).toMatchObject({ condition: false });
    expect(await checkAnswersRequest(signals, asked, { Ax: '111', Ay: '0' })).toMatchObject({ attested: false });
    expect(await checkAnswersRequest(signals.slice(0, 6), asked, key)).toMatchObject({ wellFormed: false });
  });
});
