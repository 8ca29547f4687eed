import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  changelogSections, contentDigest, cutChangelog, nextVersion, packagingProblem, type Digests, type ReleaseRecords,
} from '@/test/release/rules.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const bytes = (s: string) => new TextEncoder().encode(s);

describe('contentDigest: what ships, not how it was zipped', () => {
  const files = [{ path: 'manifest.json', data: bytes('{"version":"0.1.0"}') }, { path: 'background.js', data: bytes('main()') }];

  it('does not depend on the order the files come in', () => {
    expect(contentDigest(files)).toBe(contentDigest([...files].reverse()));
    expect(contentDigest(files)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('changes with any byte of any file, a file added, or a file renamed', () => {
    const base = contentDigest(files);
    expect(contentDigest([files[0]!, { path: 'background.js', data: bytes('main();') }])).not.toBe(base);
    expect(contentDigest([...files, { path: 'icon.png', data: bytes('') }])).not.toBe(base);
    expect(contentDigest([files[0]!, { path: 'worker.js', data: files[1]!.data }])).not.toBe(base);
  });

  it('keeps names and contents apart (a name cannot absorb the start of its contents)', () => {
    expect(contentDigest([{ path: 'a', data: bytes('bc') }])).not.toBe(contentDigest([{ path: 'ab', data: bytes('c') }]));
  });

  it('refuses a package listing one path twice', () => {
    expect(() => contentDigest([...files, files[0]!])).toThrow('manifest.json is in the package twice');
  });
});

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added
- Per-site queues.

### Fixed

## [0.1.0] - 2026-11-26

### Added
- Everything.
`;

describe('the changelog', () => {
  it('lists its sections with their dates', () => {
    expect(changelogSections(CHANGELOG).map(({ title, date }) => ({ title, date }))).toEqual([
      { title: 'Unreleased', date: undefined },
      { title: '0.1.0', date: '2026-11-26' },
    ]);
  });

  it('a release moves the Unreleased lines under the version and date, leaving Unreleased empty and dropping empty groups', () => {
    expect(cutChangelog(CHANGELOG, '0.2.0', '2026-11-27')).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-11-27

### Added
- Per-site queues.

## [0.1.0] - 2026-11-26

### Added
- Everything.
`);
  });

  it('refuses to release nothing, a version it already has, or a file with no Unreleased section', () => {
    const empty = cutChangelog(CHANGELOG, '0.2.0', '2026-11-27');
    expect(() => cutChangelog(empty, '0.3.0', '2026-11-28')).toThrow('nothing under "## [Unreleased]"');
    expect(() => cutChangelog(CHANGELOG, '0.1.0', '2026-11-27')).toThrow('already has a section for 0.1.0');
    expect(() => cutChangelog('# Changelog\n\n## [0.1.0] - 2026-11-26\n', '0.2.0', '2026-11-27')).toThrow('no "## [Unreleased]" section');
  });

  it('the repository\'s version may be packaged as far as the changelog and the records say (npm run zip then compares contents)', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const records = JSON.parse(readFileSync(join(ROOT, 'test/release/releases.json'), 'utf8')) as ReleaseRecords;
    expect(packagingProblem({ version, changelog: readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), records })).toBeUndefined();
  });

  it('the repository\'s CHANGELOG.md has an Unreleased section and a dated section for every recorded release', () => {
    const sections = changelogSections(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'));
    const records = JSON.parse(readFileSync(join(ROOT, 'test/release/releases.json'), 'utf8')) as ReleaseRecords;
    expect(sections[0]?.title).toBe('Unreleased');
    for (const version of Object.keys(records)) expect(sections.find((s) => s.title === version)?.date, version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const s of sections.slice(1)) expect(Object.keys(records), `CHANGELOG.md's ${s.title} was never recorded as released`).toContain(s.title);
  });
});

describe('the next version', () => {
  const records: ReleaseRecords = { '0.1.0': { chrome: 'sha256:a', firefox: 'sha256:b' } };

  it('steps major, minor or patch from the latest release', () => {
    expect(nextVersion('patch', '0.1.0', records)).toBe('0.1.1');
    expect(nextVersion('minor', '0.1.0', records)).toBe('0.2.0');
    expect(nextVersion('major', '0.1.0', records)).toBe('1.0.0');
    expect(nextVersion('minor', '0.2.0', records)).toBe('0.2.0');
    expect(nextVersion('minor', '0.1.0', {})).toBe('0.2.0');
  });

  it('takes a version given outright when it is above every release', () => {
    expect(nextVersion('0.2.0', '0.1.0', records)).toBe('0.2.0');
    expect(nextVersion('v1.0.0', '0.1.0', records)).toBe('1.0.0');
    expect(() => nextVersion('0.1.0', '0.1.0', records)).toThrow('0.1.0 is not above the latest release, 0.1.0');
    expect(() => nextVersion('0.0.9', '0.1.0', records)).toThrow('not above the latest release');
  });

  it('refuses what the stores cannot compare: pre-releases, build tags, words', () => {
    for (const v of ['0.2.0-beta.1', '0.2.0+build', 'next', '1.2']) expect(() => nextVersion(v, '0.1.0', records), v).toThrow('is not major, minor, patch');
  });
});

describe('what npm run zip may package', () => {
  const shipped: Digests = { chrome: 'sha256:chrome-0.1.0', firefox: 'sha256:firefox-0.1.0' };
  const records: ReleaseRecords = { '0.1.0': shipped };
  const changelog = `## [Unreleased]\n\n### Added\n- x\n\n## [0.1.0] - 2026-11-26\n\n- y\n`;
  const nothingNew = `## [Unreleased]\n\n### Added\n\n## [0.1.0] - 2026-11-26\n\n- y\n`;
  const START_NEXT = 'start the next version: `npm version minor --no-git-tag-version` (or patch, major), its changes under Unreleased in CHANGELOG.md';

  it('a released version, rebuilt with exactly what it shipped', () => {
    expect(packagingProblem({ version: '0.1.0', changelog, records, digests: shipped })).toBeUndefined();
    expect(packagingProblem({ version: '0.1.0', changelog: nothingNew, records })).toBeUndefined();
  });

  it('not a released version whose contents changed: the one line says to start the next version', () => {
    expect(packagingProblem({ version: '0.1.0', changelog, records, digests: { ...shipped, firefox: 'sha256:changed' } })).toBe(
      `0.1.0 was released with other contents (firefox differ from test/release/releases.json), and a store only delivers a higher version: ${START_NEXT}`);
    expect(packagingProblem({ version: '0.1.0', changelog, records, digests: { chrome: 'x', firefox: 'y' } })).toContain('(chrome and firefox differ');
  });

  it('the next version in progress: above every release, its changes under Unreleased or its own section', () => {
    expect(packagingProblem({ version: '0.2.0', changelog, records, digests: { chrome: 'x', firefox: 'y' } })).toBeUndefined();
    expect(packagingProblem({ version: '0.1.1', changelog: `## [Unreleased]\n\n## [0.1.1] - 2026-11-27\n\n- z\n`, records })).toBeUndefined();
    expect(packagingProblem({ version: '1.0.0', changelog, records: {} })).toBeUndefined();
  });

  it('not a version the changelog says nothing of', () => {
    expect(packagingProblem({ version: '0.2.0', changelog: nothingNew, records })).toBe(
      'CHANGELOG.md says nothing of what 0.2.0 changes: add its lines under "## [Unreleased]"');
    expect(packagingProblem({ version: '0.1.0', changelog: '## [Unreleased]\n\n- x\n', records })).toBe(
      'CHANGELOG.md has no "## [0.1.0] - <date>" section for the released 0.1.0');
  });

  it('not an unreleased version at or below a release', () => {
    expect(packagingProblem({ version: '0.0.9', changelog, records })).toBe(`0.0.9 is not above the released 0.1.0: ${START_NEXT}`);
    expect(packagingProblem({ version: '0.1.0', changelog, records: { '0.2.0': shipped } })).toBe(`0.1.0 is not above the released 0.2.0: ${START_NEXT}`);
  });

  it('not a version the stores cannot compare', () => {
    expect(packagingProblem({ version: '0.2.0-rc.1', changelog, records })).toMatch(/^package.json's version "0.2.0-rc.1" is not major.minor.patch/);
  });
});
