/**
 * The documentation holds together in a fresh clone (issue 28): every relative link and `#anchor` of
 * the README, CONTRIBUTING.md, the changelog, docs/*.md and the folders' READMEs resolves, anchors by
 * GitHub's heading slugs; every repository path a source comment cites exists; and every section of
 * `docs/design.md` cited by number (`§12`) or title (`"Rate limits"`), in a comment or a page, is there.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The pages: the landing page, the contributors' guide, the changelog, docs/*.md, and a README in a top-level folder. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
    .map((name) => `docs/${name}`);
  const folders = ['demo', 'test', 'scripts'].map((folder) => `${folder}/README.md`);
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs, ...folders].filter((page) =>
    existsSync(join(ROOT, page)),
  );
}

/** The page's lines outside fenced code blocks, each with its 1-based number. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker.startsWith(fence.charAt(0)) && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({ line: index + 1, text: line });
  });
  return out;
}

/**
 * GitHub's anchor for a heading: the rendered text (code, emphasis and links reduced to their text),
 * lower-cased, every character but letters, digits, spaces, `-` and `_` dropped, spaces turned to `-`.
 */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+([^`]*)`+/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs (a repeated one gets `-1`, `-2`…) and any `id`/`name` in its HTML. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** Every link target of a page's prose (inline links and images, reference definitions), code spans left out; a link's text may wrap. */
function linksOf(text: string): { line: number; target: string }[] {
  const lines = proseLines(text).map(({ line, text: raw }) => ({
    line,
    text: raw.replace(/(`+)(?:(?!\1)[^])*?\1/g, ''),
  }));
  const starts: number[] = [];
  let offset = 0;
  for (const { text: prose } of lines) {
    starts.push(offset);
    offset += prose.length + 1;
  }
  const lineAt = (index: number): number => lines[starts.findLastIndex((start) => start <= index)]!.line;
  const prose = lines.map(({ text: line }) => line).join('\n');
  const links: { line: number; target: string }[] = [];
  for (const match of prose.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
    links.push({ line: lineAt(match.index), target: match[1]! });
  for (const match of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
    links.push({ line: lineAt(match.index), target: match[1]! });
  return links.sort((x, y) => x.line - y.line);
}

const isExternal = (target: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//');

test('GitHub heading slugs, as the pages rely on them', () => {
  assert.equal(githubSlug('The server client (`onramp-checkout/server`)'), 'the-server-client-onramp-checkoutserver');
  assert.equal(githubSlug('React 19 + Vite'), 'react-19--vite');
  assert.equal(githubSlug('Next.js (App Router)'), 'nextjs-app-router');
  assert.equal(
    githubSlug('15. The public demo: strangers share one machine'),
    '15-the-public-demo-strangers-share-one-machine',
  );
  assert.equal(githubSlug("16. The merchant console's guard"), '16-the-merchant-consoles-guard');
  assert.equal(githubSlug('snake_case and [a link](x.md)'), 'snake_case-and-a-link');
  assert.deepEqual([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n## A\n### A\n')], ['a', 'a-1', 'a-2']);
  assert.deepEqual(
    linksOf('[x](a.md#b) `[y](no.md)` ![z](pic.png "t")\n```\n[w](no.md)\n```\n[ref]: c.md\nsee [the\nwrapped](d.md)'),
    [
      { line: 1, target: 'a.md#b' },
      { line: 1, target: 'pic.png' },
      { line: 5, target: 'c.md' },
      { line: 6, target: 'd.md' },
    ],
  );
});

test('the README is a landing page: at most 250 lines, linking every page of docs/', () => {
  const readme = read('README.md');
  assert.ok(readme.split('\n').length <= 250, `README.md has ${readme.split('\n').length} lines`);
  const linked = new Set(linksOf(readme).map(({ target }) => target.split('#')[0]));
  const docs = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md') && !name.startsWith('.'));
  assert.deepEqual(
    docs.filter((name) => !linked.has(`docs/${name}`)),
    [],
    'pages of docs/ the README does not link',
  );
  assert.ok(linked.has('CONTRIBUTING.md'), 'the README links CONTRIBUTING.md');
});

test('every relative link and #anchor of the documentation resolves', () => {
  const found = pages();
  assert.ok(found.includes('README.md') && found.includes('docs/reference.md'), `pages found: ${found.join(', ')}`);
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (page: string): Set<string> =>
    anchors.get(page) ?? anchors.set(page, anchorsOf(read(page))).get(page)!;
  const broken: string[] = [];
  let checked = 0;
  for (const page of found) {
    for (const { line, target } of linksOf(read(page))) {
      if (!target || isExternal(target)) continue;
      checked += 1;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path ? relative(ROOT, resolve(ROOT, dirname(page), decodeURIComponent(path))) : page;
      if (file.startsWith('..') || !existsSync(join(ROOT, file))) {
        broken.push(`${page}:${line}: ${target} (no ${file} in the repository)`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchorsIn(file).has(decodeURIComponent(anchor))) {
        broken.push(`${page}:${line}: ${target} (no heading of ${file} has the anchor #${anchor})`);
      }
    }
  }
  assert.ok(checked > 50, `links checked: ${checked}`);
  assert.deepEqual(broken, []);
});

/** The tracked files that carry comments: code, styles, pages, shell scripts and the deploy files. */
function sourceFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return tracked.filter(
    (file) =>
      /\.(ts|tsx|mts|cts|js|mjs|cjs|vue|svelte|css|html|sh|yaml|yml)$/.test(file) || /^(deploy|\.ci)\//.test(file),
  );
}

/** The comments of a file, line by line: `//`, `/* … *\/` and `<!-- … -->` in code; `#` in shell, YAML and deploy files. */
function commentLines(file: string, text: string): { line: number; text: string }[] {
  const hashComments = /\.(sh|ya?ml)$/.test(file) || /^(deploy|\.ci)\//.test(file);
  const out: { line: number; text: string }[] = [];
  let block: '*/' | '-->' | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (hashComments) {
      const hash = /(?:^|\s)#\s?(.*)$/.exec(raw);
      if (hash) out.push({ line, text: hash[1]! });
      return;
    }
    let rest = raw;
    while (rest) {
      if (block) {
        const end = rest.indexOf(block);
        out.push({ line, text: end < 0 ? rest : rest.slice(0, end) });
        if (end < 0) return;
        rest = rest.slice(end + block.length);
        block = null;
        continue;
      }
      // A comment starts at the line's start or after a space, never inside a URL (`https://…`).
      const start = /(^|\s)(\/\/|\/\*|<!--)/.exec(rest);
      if (!start) return;
      const before = rest.slice(0, start.index);
      // Not inside a string literal begun earlier on the line.
      if ((before.match(/(?<!\\)['"`]/g)?.length ?? 0) % 2 === 1) return;
      const opener = start[2]!;
      rest = rest.slice(start.index + start[0].length);
      if (opener === '//') {
        out.push({ line, text: rest });
        return;
      }
      block = opener === '/*' ? '*/' : '-->';
    }
  });
  return out;
}

/** The repository paths a comment names: under a top-level folder of the repository, or one of its top-level documents. */
function citedPaths(comment: string): string[] {
  const paths: string[] = [];
  const pattern =
    /(?<![\w./@$-])((?:docs|src|demo|test|scripts|deploy|\.ci|\.changeset)\/[\w.@/-]*[\w-]|(?:README|CONTRIBUTING|CHANGELOG)\.md|LICENSE)(?![\w*<{$…[-]|\/[*<{$…[])/g;
  for (const match of comment.matchAll(pattern)) paths.push(match[1]!.replace(/\.+$/, ''));
  return paths;
}

/** Found from the repository's root, or (for an app inside the repository, such as a consumer app) from a folder above the citing file. */
function pathExists(cited: string, citingFile: string): boolean {
  for (let dir = dirname(citingFile); ; dir = dirname(dir)) {
    if (existsSync(join(ROOT, dir, cited))) return true;
    if (dir === '.' || dir === '') return false;
  }
}

test('every repository path a source comment cites exists', () => {
  const missing: string[] = [];
  let checked = 0;
  for (const file of sourceFiles()) {
    for (const { line, text } of commentLines(file, read(file))) {
      for (const cited of citedPaths(text)) {
        checked += 1;
        if (!pathExists(cited, file)) missing.push(`${file}:${line}: ${cited}`);
      }
    }
  }
  assert.ok(checked > 50, `citations checked: ${checked}`);
  assert.deepEqual(missing, []);
});

test('every section of docs/design.md a comment or a page cites, by `§N` or by its title, is there', () => {
  const headings = [...read('docs/design.md').matchAll(/^## (\d+)\. (.*)$/gm)].map((match) => ({
    number: Number(match[1]),
    title: match[2]!.toLowerCase(),
  }));
  assert.ok(headings.length >= 10, `docs/design.md has numbered sections (${headings.length})`);
  const texts = [
    ...sourceFiles().flatMap((file) =>
      commentLines(file, read(file)).map(({ line, text }) => ({ where: `${file}:${line}`, text })),
    ),
    ...pages().flatMap((page) =>
      read(page)
        .split('\n')
        .map((text, index) => ({ where: `${page}:${index + 1}`, text })),
    ),
  ];
  const wrong: string[] = [];
  let checked = 0;
  for (const { where, text } of texts) {
    for (const citation of text.matchAll(/design\.md((?:(?:\s*(?:,|\/|and|or)?\s*)§\s*\d+)+)/g)) {
      for (const number of citation[1]!.matchAll(/§\s*(\d+)/g)) {
        checked += 1;
        if (!headings.some((heading) => heading.number === Number(number[1])))
          wrong.push(`${where}: design.md §${number[1]}`);
      }
    }
    // `docs/design.md "Rate limits"`: words of a section's title.
    for (const citation of text.matchAll(/design\.md,? "([^"]+)"/g)) {
      checked += 1;
      if (!headings.some((heading) => heading.title.includes(citation[1]!.toLowerCase())))
        wrong.push(`${where}: design.md "${citation[1]}"`);
    }
  }
  assert.ok(checked > 10, `section citations checked: ${checked}`);
  assert.deepEqual(wrong, []);
});
