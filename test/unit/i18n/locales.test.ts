/**
 * The languages are complete and the components hold no text of their own
 * (docs/i18n.md): every key of English is in every locale and nothing more,
 * with the same placeholders; every user-facing string in components/ and
 * entrypoints/ comes through i18n.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { SUPPORTED_LOCALES, parseMessagesText } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';
import { ALLOWED_LITERALS, findLiterals } from './literals.ts';
import { LOCALES_DIR, chromeMessages, getMessageFrom } from './browser-messages.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The languages Vantage ships: English (the default) and Vietnamese (the service's home market). */
const REQUIRED = ['en', 'vi'];

interface Shape {
  readonly named: readonly string[];
  readonly positional: number;
  readonly plural: boolean;
  /** Each form's text, to check every form carries the placeholders. */
  readonly forms: readonly string[];
}

function shapes(lang: string): Map<string, Shape> {
  const parsed = parseMessagesText(readFileSync(join(LOCALES_DIR, `${lang}.yml`), 'utf8'), 'YAML');
  const out = new Map<string, Shape>();
  for (const m of parsed) {
    const key = m.key.join('.');
    if (key.startsWith('@@')) continue; // the browser's predefined messages, added by the parser
    const forms = m.type === 'plural' ? Object.values(m.plurals as Record<string, string>) : [m.message];
    out.set(key, { named: [...m.namedSubstitutions].sort(), positional: m.substitutions, plural: m.type === 'plural', forms });
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((x) => x[1]!))].sort();

/**
 * The last form (the only one of a simple message; `n:` of a plural) has
 * exactly the placeholders; a plural's other forms may leave the count out
 * ("Last day"), but name nothing else.
 */
function fits(forms: readonly string[], named: readonly string[]): boolean {
  const last = forms.at(-1) ?? '';
  return placeholders(last).join() === named.join() && forms.every((f) => placeholders(f).every((p) => named.includes(p)));
}

const locales = readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.yml')).map((f) => basename(f, '.yml'));

describe('locales', () => {
  it('ships English and Vietnamese, and only locales the browsers know', () => {
    expect(locales).toEqual(expect.arrayContaining(REQUIRED));
    for (const l of locales) expect(SUPPORTED_LOCALES.has(l), l).toBe(true);
  });

  const en = shapes('en');
  for (const lang of locales.filter((l) => l !== 'en')) {
    it(`${lang} has exactly the keys of en`, () => {
      const other = shapes(lang);
      expect([...en.keys()].filter((k) => !other.has(k)), `missing in ${lang}`).toEqual([]);
      expect([...other.keys()].filter((k) => !en.has(k)), `in ${lang} but not in en`).toEqual([]);
    });
    it(`${lang} uses the placeholders of en, in every form, and plurals where en has them`, () => {
      const other = shapes(lang);
      const wrong: string[] = [];
      for (const [key, e] of en) {
        const o = other.get(key);
        if (!o) continue;
        if (o.positional !== e.positional || o.plural !== e.plural) wrong.push(`${key}: $n ${o.positional}≠${e.positional} or plural ${o.plural}≠${e.plural}`);
        if (!fits(o.forms, e.named)) wrong.push(`${key}: ${JSON.stringify(o.forms)} vs en {${e.named}}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('every English form carries its placeholders, and plurals have a one and an other form', () => {
    const wrong: string[] = [];
    for (const [key, e] of en) {
      if (!fits(e.forms, e.named)) wrong.push(`${key}: ${JSON.stringify(e.forms)}`);
      if (e.plural && e.forms.length !== 2) wrong.push(`${key}: English plurals need 1: and n:`);
    }
    expect(wrong).toEqual([]);
  });

  it('messages resolve in each language as the browser resolves them', () => {
    expect(getMessageFrom(chromeMessages('vi'))('options_save')).toBe('Lưu');
    expect(getMessageFrom(chromeMessages('en'))('options_save')).toBe('Save');
    expect(getMessageFrom(chromeMessages('en'))('no_such_key')).toBe('');
  });
});

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('components and entrypoints hold no literal user-facing text', () => {
  const sources = [...files('components'), ...files('entrypoints')];
  it.each(sources)('%s', (path) => {
    const found = findLiterals(path, readFileSync(join(ROOT, path), 'utf8')).map((l) => `${relative(ROOT, join(ROOT, path))}:${l.line} ${l.where} "${l.text}"`);
    expect(found).toEqual([]);
  });

  it('the check finds literals where they hide', () => {
    const src = `
      export const A = () => <p title="Hello">Some text</p>;
      export const B = ({ on }: { on: boolean }) => <button aria-label={on ? 'Hide key' : 'Show key'} placeholder={\`Search \${1}\`} />;
      const COLUMNS = [{ label: 'Country', cell: 1 }];
      const fine = () => <p class="muted" data-x="raw" title={t('x')}>{t('y')} · {n} ✓</p>;
      const brand = () => <h1 aria-label="Vantage">Vantage</h1>;
      function Note() {
        setNote(\`Could not change the list: \${e}. Try again.\`);
        setDone('Saved.');
        setPhase('loading');
        setTone(ok ? 'status-ok' : 'muted status-error');
        setCls(\`proof-report \${tone}\`);
        setUrl('https://api.example.com/dev');
        setKey('options.save');
        if (x) return 'ok';
        if (y) return '12px system-ui, sans-serif';
        return 'Nothing to show yet';
      }
      const label = (on: boolean) => (on ? 'hidden' : 'Show the key');
    `;
    expect(findLiterals('x.tsx', src).map((l) => `${l.where} ${l.text}`)).toEqual([
      'title= Hello',
      'JSX text Some text',
      'aria-label= Hide key',
      'placeholder= Search …',
      'label: Country',
      'set…( Could not change the list: …. Try again.',
      'set…( Saved.',
      'return Nothing to show yet',
      '=> Show the key',
    ]);
    expect(Object.keys(ALLOWED_LITERALS)).toContain('Vantage');
  });
});
