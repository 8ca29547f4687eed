import { describe, expect, it } from 'vitest';
import { checkAddress, findAddress, shortAddress } from '@/lib/score/address.ts';

// EIP-55's own test vectors.
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
] as const;

describe('checkAddress', () => {
  it('accepts EIP-55 checksummed addresses and answers both forms', () => {
    for (const a of CHECKSUMMED) {
      expect(checkAddress(a)).toEqual({ ok: true, address: a.toLowerCase(), checksummed: a });
    }
  });

  it('accepts all-lower-case addresses, trimmed, and computes the checksummed form', () => {
    expect(checkAddress(`  ${CHECKSUMMED[0].toLowerCase()}\n`)).toEqual({
      ok: true, address: CHECKSUMMED[0].toLowerCase(), checksummed: CHECKSUMMED[0],
    });
  });

  it('rejects mixed case that does not match the checksum (a typo)', () => {
    const typo = CHECKSUMMED[0].replace('aAeb', 'AAeb');
    const r = checkAddress(typo);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/checksum/i);
  });

  it('rejects all-upper-case hex, which carries no checksum', () => {
    const upper = `0x${CHECKSUMMED[0].slice(2).toUpperCase()}`;
    expect(checkAddress(upper).ok).toBe(false);
  });

  it.each([
    ['', /enter an address/i],
    ['   ', /enter an address/i],
    ['5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', /starts with "0x"/],
    ['0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', /lower-case "0x"/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea', /40 hex digits.*38/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00', /40 hex digits.*42/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beazz', /only the digits/],
    ['vitalik.eth', /starts with "0x"/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed; drop', /only the digits/],
  ])('rejects %j with a plain message', (input, message) => {
    const r = checkAddress(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(message);
  });
});

describe('findAddress', () => {
  it('finds the first valid address inside free text', () => {
    const text = `Sent by ${CHECKSUMMED[1]} to ${CHECKSUMMED[2]}.`;
    expect(findAddress(text)).toMatchObject({ checksummed: CHECKSUMMED[1] });
  });

  it('skips a mistyped address and takes the next valid one', () => {
    const typo = CHECKSUMMED[0].replace('aAeb', 'AAeb');
    expect(findAddress(`${typo} or ${CHECKSUMMED[3].toLowerCase()}`)).toMatchObject({ checksummed: CHECKSUMMED[3] });
  });

  it('ignores hex runs that are longer than an address (a tx hash) or glued to words', () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    expect(findAddress(`tx ${txHash}`)).toBeNull();
    expect(findAddress(`x${CHECKSUMMED[0]}`)).toBeNull();
    expect(findAddress('no address here')).toBeNull();
  });
});

it('shortAddress keeps the head and tail', () => {
  expect(shortAddress(CHECKSUMMED[0])).toBe('0x5aAe…eAed');
});
