/**
 * "Add an item" is named by what it shows (WCAG 2.5.3, axe's label-content-name-mismatch): in every
 * language the button's name, which adds the list's name, begins with its visible text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.join(import.meta.dirname, '../../../locales');

describe('the add-item button’s name', () => {
  it.each(['en', 'fr', 'de', 'pt'])('begins with its visible text in %s', (language) => {
    const { item } = JSON.parse(
      fs.readFileSync(path.join(localesDir, language, 'projects.json'), 'utf8'),
    ) as {
      item: { add: string; addTo: string };
    };
    const name = item.addTo.replace('{{name}}', 'To do');
    expect(name.startsWith(item.add)).toBe(true);
    expect(name).toContain('To do');
  });
});
