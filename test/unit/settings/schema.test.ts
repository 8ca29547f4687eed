import { describe, expect, it } from 'vitest';
import {
  apiKeyError,
  defaultSettings,
  proofPageUrl,
  repairSettings,
  serviceOrigins,
  validateSettings,
} from '@/lib/settings/schema.ts';

function errorsOf(draft: Parameters<typeof validateSettings>[0]) {
  const r = validateSettings(draft);
  return r.ok ? {} : r.errors;
}

describe('validateSettings', () => {
  it('accepts the defaults, which point at the local sandbox', () => {
    const r = validateSettings({});
    expect(r).toEqual({ ok: true, settings: defaultSettings });
    expect(defaultSettings.dataBaseUrl).toBe('http://127.0.0.1:8787/dev');
    expect(defaultSettings.integrationBaseUrl).toBe('http://127.0.0.1:8787/v1');
  });

  it('trims text, drops trailing slashes from bases and turns number text into numbers', () => {
    const r = validateSettings({
      dataBaseUrl: ' https://api.example.com/dev/ ',
      integrationBaseUrl: 'https://api.example.com/v1//',
      defaultProject: ' nebula ',
      scoreId: 'credit-lite',
      minScore: ' 650 ',
      proofTimeoutMinutes: '5',
    });
    expect(r.ok && r.settings).toMatchObject({
      dataBaseUrl: 'https://api.example.com/dev',
      integrationBaseUrl: 'https://api.example.com/v1',
      defaultProject: 'nebula',
      scoreId: 'credit-lite',
      minScore: 650,
      proofTimeoutMinutes: 5,
    });
  });

  it.each([
    ['not a url', 'must be a full URL'],
    ['api.example.com/dev', 'must be a full URL'],
    ['ftp://api.example.com', 'must start with http:// or https://'],
    ['javascript:alert(1)', 'must start with http:// or https://'],
    ['https://user:pw@api.example.com', 'user name or password'],
    ['https://api.example.com/dev?x=1', 'must not contain ? or #'],
    ['https://api.example.com/dev#top', 'must not contain ? or #'],
    ['https://api.example.com/ dev', 'must not contain spaces'],
    ['', 'is required'],
  ])('rejects the base URL %j', (url, message) => {
    const e = errorsOf({ dataBaseUrl: url, integrationBaseUrl: url });
    expect(e.dataBaseUrl).toContain('Data API base URL');
    expect(e.dataBaseUrl).toContain(message);
    expect(e.integrationBaseUrl).toContain('Integration API base URL');
  });

  it.each(['http://api.example.com/dev', 'http://10.0.0.5:8787/dev', 'http://localhost.evil.example/dev', 'http://[::2]/dev'])(
    'refuses the plain-http base %s, saying why and what is allowed',
    (url) => {
      const e = errorsOf({ dataBaseUrl: url, integrationBaseUrl: url });
      expect(e.dataBaseUrl).toBe(
        'Data API base URL must use https://. Over plain http your API key would cross the network unencrypted; '
          + 'http:// is accepted only for this computer (localhost, 127.0.0.1, [::1]).',
      );
      expect(e.integrationBaseUrl).toMatch(/^Integration API base URL must use https:\/\/\. /);
    },
  );

  it.each(['http://localhost:8787/dev', 'http://sandbox.localhost/dev', 'http://127.0.0.1:8787/dev', 'http://127.3.2.1/dev', 'http://[::1]:8787/dev'])(
    'accepts plain http on this computer: %s',
    (url) => {
      expect(validateSettings({ dataBaseUrl: url, integrationBaseUrl: url }).ok).toBe(true);
    },
  );

  it('refuses a plain-http proof page off this computer, and takes one on it', () => {
    expect(errorsOf({ proofPageTemplate: 'http://proof.example/{sessionId}' }).proofPageTemplate).toMatch(
      /^Proof page URL must use https:\/\/\. Over plain http the proof page could be read or changed on the way; /,
    );
    expect(validateSettings({ proofPageTemplate: 'http://localhost:8787/proof/{sessionId}' }).ok).toBe(true);
  });

  it('needs {sessionId} in the proof page template, which may sit in the path or the query', () => {
    expect(errorsOf({ proofPageTemplate: 'https://proof.example/start' }).proofPageTemplate).toBe(
      'Proof page URL must contain {sessionId}.',
    );
    expect(errorsOf({ proofPageTemplate: 'nope/{sessionId}' }).proofPageTemplate).toContain('must be a full URL');
    expect(validateSettings({ proofPageTemplate: 'https://proof.example/s/{sessionId}' }).ok).toBe(true);
    expect(validateSettings({ proofPageTemplate: 'https://proof.example/?session={sessionId}#go' }).ok).toBe(true);
  });

  it.each(['abc', '12.5', '-1', '1e3', '', '1001'])('rejects the minimum score %j', (v) => {
    expect(errorsOf({ minScore: v }).minScore).toMatch(/^Minimum score must be/);
  });

  it('rejects an empty score model and a proof timeout out of range', () => {
    const e = errorsOf({ scoreId: '  ', proofTimeoutMinutes: '0' });
    expect(e.scoreId).toBe('Score model is required.');
    expect(e.proofTimeoutMinutes).toBe('Proof timeout must be between 1 and 120.');
  });

  it('reports every bad field at once and returns no settings', () => {
    const r = validateSettings({ dataBaseUrl: 'x', minScore: 'y', proofPageTemplate: 'https://p.example' });
    expect(r.ok).toBe(false);
    expect(Object.keys(r.ok ? {} : r.errors).sort()).toEqual(['dataBaseUrl', 'minScore', 'proofPageTemplate']);
    expect('settings' in r).toBe(false);
  });
});

describe('repairSettings', () => {
  it('keeps valid stored fields and replaces damaged ones with defaults', () => {
    const s = repairSettings({ defaultProject: 'tidal', minScore: 'lots', dataBaseUrl: 42, unknown: true });
    expect(s).toEqual({ ...defaultSettings, defaultProject: 'tidal' });
  });
  it('drops a stored plain-http service address off this computer (an older build took them)', () => {
    const s = repairSettings({ dataBaseUrl: 'http://api.example.com/dev', integrationBaseUrl: 'https://api.example.com/v1' });
    expect(s).toEqual({ ...defaultSettings, integrationBaseUrl: 'https://api.example.com/v1' });
  });
  it('turns nothing into the defaults', () => {
    expect(repairSettings(null)).toEqual(defaultSettings);
    expect(repairSettings('junk')).toEqual(defaultSettings);
  });
});

describe('apiKeyError', () => {
  it('accepts no key and ordinary keys', () => {
    expect(apiKeyError('')).toBeNull();
    expect(apiKeyError('  vantage-sandbox-demo-key  ')).toBeNull();
  });
  it('rejects what cannot travel as a header, without quoting the key', () => {
    for (const bad of ['two words', 'ключ', 'tab\there', 'x'.repeat(513)]) {
      const e = apiKeyError(bad);
      expect(e).toMatch(/^API key /);
      expect(e).not.toContain(bad);
    }
  });
});

describe('proofPageUrl and serviceOrigins', () => {
  it('fills every placeholder with the encoded session id', () => {
    expect(proofPageUrl('https://p.example/{sessionId}?s={sessionId}', 'a/b c')).toBe('https://p.example/a%2Fb%20c?s=a%2Fb%20c');
  });
  it('lists each distinct origin once', () => {
    expect(serviceOrigins({ dataBaseUrl: 'https://a.example/dev', integrationBaseUrl: 'https://a.example/v1' })).toEqual(['https://a.example']);
    expect(serviceOrigins({ dataBaseUrl: 'https://a.example/dev', integrationBaseUrl: 'http://b.example:8080/v1' })).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });
});
