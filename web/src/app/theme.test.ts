import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/color-contrast';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const { colors } = resolved;
const variables = cssVariablesResolver(resolved);
const white = '#ffffff';

/** A variable the theme sets for the scheme (it throws when the theme leaves it to Mantine). */
function variable(scheme: 'light' | 'dark', name: `--${string}`): string {
  const value: string | undefined = variables[scheme][name];
  if (value === undefined) throw new Error(`${name} is not set for ${scheme}`);
  return value;
}

describe('the theme reaches WCAG AA (4.5:1) for text', () => {
  // Light: the page and cards are white, a light badge or button is shade 1 of its colour.
  it.each(['green', 'teal'] as const)('%s text on white and on its light badge, light scheme', (color) => {
    const text = variable('light', `--mantine-color-${color}-light-color`);
    expect(contrastRatio(text, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, colors[color][1])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['green', 'teal', 'red'] as const)('white on a filled %s button in both schemes', (color) => {
    for (const scheme of ['light', 'dark'] as const) {
      expect(
        contrastRatio(white, variable(scheme, `--mantine-color-${color}-filled`)),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(white, variable(scheme, `--mantine-color-${color}-filled-hover`)),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  // "Today" on a to-do and the heading of "Your data" are c="green" and c="red": the filled
  // colour in light, shade 4 in dark, on the page (dark.7) or a card (dark.6).
  it('green and red text on the page and on cards, light and dark', () => {
    for (const color of ['green', 'red'] as const) {
      expect(
        contrastRatio(variable('light', `--mantine-color-${color}-filled`), white),
      ).toBeGreaterThanOrEqual(4.5);
      for (const background of [colors.dark[7], colors.dark[6]]) {
        expect(contrastRatio(colors[color][4], background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  // An outline button writes its colour on the page: the theme's in light, Mantine's shade 3 in dark.
  it.each(['green', 'teal', 'red'] as const)('an outline %s button on the page, light and dark', (color) => {
    expect(
      contrastRatio(variable('light', `--mantine-color-${color}-outline`), white),
    ).toBeGreaterThanOrEqual(4.5);
    for (const background of [colors.dark[7], colors.dark[6]]) {
      expect(contrastRatio(colors[color][3], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('errors and dimmed text in both schemes', () => {
    expect(contrastRatio(variable('light', '--mantine-color-error'), white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable('light', '--mantine-color-dimmed'), white)).toBeGreaterThanOrEqual(4.5);
    for (const background of [colors.dark[7], colors.dark[6]]) {
      expect(contrastRatio(variable('dark', '--mantine-color-error'), background)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(variable('dark', '--mantine-color-dimmed'), background)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });
});
