import { describe, expect, it } from 'vitest';
import { readingForm, readsAsBound, shownTextProblem } from '@/lib/proof/shown-text.ts';

describe('shown text: what the consent window may show as it is', () => {
  it('refuses each of the issue\'s spoofs of another site\'s bound web2Id, as display problems', () => {
    expect(shownTextProblem('\u202Eecila#moc.elpmaxe.knab//:sptth')).toBe('invisible');
    expect(shownTextProblem('\u200Bhttps://bank.example.com#alice')).toBe('invisible');
    expect(shownTextProblem('\nhttps://bank.example.com#alice')).toBe('control');
    expect(shownTextProblem(' https://bank.example.com#alice')).toBe('space');
  });

  it('and the bound-form rule reads them as a person would, whatever the display rules say', () => {
    for (const s of [' https://bank.example.com#alice', '\u200Bhttps://bank.example.com#alice', '\nhttps://bank.example.com#alice', '\u00A0https://bank.example.com#alice',
      'https://bank.example.com\u00AD#alice', 'https://bank.example.com\t#alice', 'ｈｔｔｐｓ：／／ｂａｎｋ．ｅｘａｍｐｌｅ．ｃｏｍ＃ａｌｉｃｅ']) {
      expect(readsAsBound(s), JSON.stringify(s)).toBe(true);
    }
    expect(readingForm('\u200B HTTPS://Bank.Example.COM#Alice\u3000')).toBe('https://bank.example.com#alice');
  });

  it('accepts ordinary ids in any script', () => {
    for (const s of ['alice@your.app', 'user 42', 'Nguyễn Văn A', '日本語', 'عربي', 'עברית', '🙂', 'credit-v1']) expect(shownTextProblem(s), s).toBeNull();
  });
});
