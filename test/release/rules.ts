/**
 * The release rules, pure (no files, no processes): what "the same release"
 * means (a digest of what ships), which versions may be packaged, and how the
 * changelog's Unreleased section becomes a release. A store delivers an
 * update only when the version grows, so a package whose contents changed
 * under a version already released would never reach anyone who has it.
 * Used by `npm run zip` (test/release/zip.ts) and `npm run release`
 * (test/release/release.ts); unit-tested in test/unit/release/.
 */
import { createHash } from 'node:crypto';
import semver from 'semver';

/** The two store packages whose contents a release records. */
export const BROWSERS = ['chrome', 'firefox'] as const;
export type Browser = (typeof BROWSERS)[number];
/** What shipped for one version: a digest per browser package. */
export type Digests = Readonly<Record<Browser, string>>;
/** test/release/releases.json: every released version and what shipped. */
export type ReleaseRecords = Readonly<Record<string, Digests>>;

export interface PackagedFile {
  /** Its path inside the package, `/`-separated. */
  readonly path: string;
  readonly data: Uint8Array;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/**
 * One digest of a package's files: names and contents, nothing else. Zip
 * bytes would not do: a zip carries each file's time, so two zips of one
 * build differ. The order the files come in does not matter.
 */
export function contentDigest(files: readonly PackagedFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const outer = createHash('sha256');
  sorted.forEach((f, i) => {
    if (i > 0 && sorted[i - 1]!.path === f.path) throw new Error(`${f.path} is in the package twice`);
    outer.update(`${f.path}\0${sha256(f.data)}\n`);
  });
  return `sha256:${outer.digest('hex')}`;
}

/** A `## [title]` section of a Keep a Changelog file, with its date when released. */
export interface ChangelogSection {
  readonly title: string;
  readonly date?: string;
  /** Where its heading starts and where the next section (or the file) starts. */
  readonly start: number;
  readonly end: number;
}

/** A changelog line: a list item with some text. */
const LINE = /^\s*[-*] \S/m;
const SECTION = /^## \[([^\]\n]+)\](?:[ \t]+-[ \t]+(\d{4}-\d{2}-\d{2}))?[ \t]*$/gm;
export const UNRELEASED = 'Unreleased';

export function changelogSections(text: string): ChangelogSection[] {
  const heads = [...text.matchAll(SECTION)];
  return heads.map((m, i) => ({
    title: m[1]!,
    ...(m[2] ? { date: m[2] } : {}),
    start: m.index,
    end: heads[i + 1]?.index ?? text.length,
  }));
}

/** What a section holds below its heading. */
const bodyOf = (text: string, s: ChangelogSection) => text.slice(s.start, s.end).replace(/^.*\n?/, '');

/**
 * The changelog with its Unreleased lines moved under `## [version] - date`,
 * and an empty Unreleased section above them for the next release; `###`
 * groups left empty are dropped. Throws when there is nothing to release.
 */
export function cutChangelog(text: string, version: string, date: string): string {
  const sections = changelogSections(text);
  const unreleased = sections.find((s) => s.title === UNRELEASED);
  if (!unreleased) throw new Error(`CHANGELOG.md has no "## [${UNRELEASED}]" section to release`);
  if (sections.some((s) => s.title === version)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  const groups = bodyOf(text, unreleased).split(/^(?=### )/m).filter((g) => !g.startsWith('### ') || LINE.test(g));
  const kept = groups.join('').trim();
  if (!LINE.test(kept)) throw new Error(`CHANGELOG.md has nothing under "## [${UNRELEASED}]": say what changed for users first`);
  return `${text.slice(0, unreleased.start)}## [${UNRELEASED}]\n\n## [${version}] - ${date}\n\n${kept}\n\n${text.slice(unreleased.end).replace(/^\n+/, '')}`;
}

/** major.minor.patch and nothing else: the stores compare dotted numbers, so a pre-release or build tag would be lost. */
const isPlainVersion = (v: string) => /^\d+\.\d+\.\d+$/.test(v) && semver.valid(v) === v;

/** The released versions, highest first. */
export function releasedVersions(records: ReleaseRecords): string[] {
  return Object.keys(records).filter((v) => semver.valid(v)).sort(semver.rcompare);
}

/**
 * The version a release will have: `major`, `minor` or `patch` above the latest
 * release (or the current version when nothing was released), or a version
 * given outright. Throws unless it is above every release.
 */
export function nextVersion(wanted: string, current: string, records: ReleaseRecords): string {
  const latest = releasedVersions(records)[0];
  const next = wanted === 'major' || wanted === 'minor' || wanted === 'patch' ? semver.inc(latest ?? current, wanted) : wanted.replace(/^v/, '');
  if (!next || !isPlainVersion(next)) throw new Error(`"${wanted}" is not major, minor, patch or a version such as 1.2.3`);
  if (latest && !semver.gt(next, latest)) throw new Error(`${next} is not above the latest release, ${latest}`);
  return next;
}

export interface PackagingInput {
  /** package.json's version, which WXT writes into both manifests. */
  readonly version: string;
  readonly changelog: string;
  readonly records: ReleaseRecords;
  /** What the packages about to ship hold; left out before they are built. */
  readonly digests?: Digests;
}

/** How to start the next version, said in every refusal that needs one. */
const START_NEXT = 'start the next version: `npm version minor --no-git-tag-version` (or patch, major), its changes under Unreleased in CHANGELOG.md';

/**
 * Why this version may not be packaged, in one line; undefined when it may.
 * A released version (recorded) packages only exactly what it shipped. Any
 * other must be above every release: the next version, in progress, whose
 * changes are under Unreleased in the changelog (or under its own section).
 */
export function packagingProblem({ version, changelog, records, digests }: PackagingInput): string | undefined {
  if (!isPlainVersion(version)) {
    return `package.json's version "${version}" is not major.minor.patch (the stores compare plain numbers): set a version such as 0.2.0`;
  }
  const sections = changelogSections(changelog);
  const own = sections.find((s) => s.title === version);
  const record = records[version];
  if (record) {
    const changed = digests ? BROWSERS.filter((b) => record[b] !== digests[b]) : [];
    if (changed.length) {
      return `${version} was released with other contents (${changed.join(' and ')} differ from test/release/releases.json), ` +
        `and a store only delivers a higher version: ${START_NEXT}`;
    }
    return own?.date ? undefined : `CHANGELOG.md has no "## [${version}] - <date>" section for the released ${version}`;
  }
  const above = releasedVersions(records).find((r) => semver.gte(r, version));
  if (above) return `${version} is not above the released ${above}: ${START_NEXT}`;
  const unreleased = sections.find((s) => s.title === UNRELEASED);
  if (own || (unreleased && LINE.test(bodyOf(changelog, unreleased)))) return undefined;
  return `CHANGELOG.md says nothing of what ${version} changes: add its lines under "## [${UNRELEASED}]"`;
}
