/**
 * Every key exists in en, fr, de and pt; every key the code uses has an entry; no entry is unused.
 * Keys built at run time come from lists the code shares (layout options, roles, API messages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { messages, roles } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { layoutOptions } from './lib/layout-options';

const localesDir = path.join(import.meta.dirname, 'locales');
const languages = ['en', 'fr', 'de', 'pt'] as const;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const result: Record<string, string> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(result, flatten(inner, prefix ? `${prefix}.${key}` : key));
  }
  return result;
}

/** locales/<language>/**.json: a file's path inside the language folder is the prefix of its keys. */
function load(language: string): Record<string, string> {
  const dir = path.join(localesDir, language);
  const keys: Record<string, string> = {};
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  for (const file of files) {
    const prefix = file
      .replace(/\.json$/, '')
      .split(path.sep)
      .join('.');
    Object.assign(keys, flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), prefix));
  }
  return keys;
}

const resources = Object.fromEntries(languages.map((language) => [language, load(language)])) as Record<
  (typeof languages)[number],
  Record<string, string>
>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const source = sourceFiles(import.meta.dirname)
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');

/** t('a.b'), label: 'a.b' in key tables, i18nKey: every quoted dotted name that looks like a key. */
const staticKeys = new Set(
  [...source.matchAll(/['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)['"`]/g)]
    .map((match) => match[1]!)
    .filter((key) => !/\.(tsx?|css|json|js|svg|html)$/.test(key)),
);

const dynamicKeys = new Set([
  ...Object.entries(layoutOptions).flatMap(([option, values]) => [
    `customizer.${option}.label`,
    ...values.map((value) => `customizer.${option}.${value}`),
  ]),
  ...roles.map((role) => `roles.${role}`),
  ...Object.keys(messages).map((key) => `api.${key}`),
]);

describe('translations', () => {
  it.each(languages.filter((l) => l !== 'en'))('%s has exactly the keys of en', (language) => {
    const english = Object.keys(resources.en).sort();
    expect(Object.keys(resources[language]).sort()).toEqual(english);
  });

  it.each(languages)('%s has no empty text and keeps every placeholder', (language) => {
    for (const [key, text] of Object.entries(resources[language])) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      for (const placeholder of resources.en[key]?.match(/\{\{\w+\}\}/g) ?? []) {
        expect(text, `${language} ${key}`).toContain(placeholder);
      }
    }
  });

  it('has an entry for every key the code uses', () => {
    const known = new Set(Object.keys(resources.en));
    const namespaces = new Set(Object.keys(resources.en).map((key) => key.split('.')[0]));
    const used = [...staticKeys, ...dynamicKeys].filter((key) => namespaces.has(key.split('.')[0]));
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });

  it('has no entry the code does not use', () => {
    const used = new Set([...staticKeys, ...dynamicKeys]);
    expect(Object.keys(resources.en).filter((key) => !used.has(key))).toEqual([]);
  });

  it('gives every API message its English text from the contract', () => {
    for (const [key, text] of Object.entries(messages)) expect(resources.en[`api.${key}`]).toBe(text);
  });
});
