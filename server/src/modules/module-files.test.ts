/**
 * Every file of a module stays one a newcomer can read: at most 600 lines, opening with a comment
 * that says what it owns (tests may be longer). A file that outgrows it is split by what it serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const MAX_LINES = 600;
const modules = import.meta.dirname;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** What breaks the rules in `text`, by name; nothing for a file that keeps them. */
function problems(text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) found.push(`${lines} lines`);
  if (!/^(\/\*\*?\s*\S|\/\/\s*\S)/.test(text)) found.push('no opening comment');
  return found;
}

it('finds a file too long or without its opening comment', () => {
  expect(problems(`/** Owns x. */\n${'const a = 1;\n'.repeat(MAX_LINES)}`)).toEqual([
    `${MAX_LINES + 1} lines`,
  ]);
  expect(problems("import x from 'y';\n")).toEqual(['no opening comment']);
  expect(problems('// Lists on a board.\nexport {};\n')).toEqual([]);
});

it('keeps every module file under the limit, each saying what it owns', () => {
  const files = sourceFiles(modules);
  expect(files.length).toBeGreaterThan(100);
  const broken = files
    .map((file) => ({ file: path.relative(modules, file), found: problems(fs.readFileSync(file, 'utf8')) }))
    .filter(({ found }) => found.length > 0)
    .map(({ file, found }) => `${file}: ${found.join(', ')}`);
  expect(broken).toEqual([]);
});
