import {
  createTheme,
  type CSSVariablesResolver,
  mergeThemeOverrides,
  type MantineTheme,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  // White text on violet.7 meets WCAG AA in both skins; violet.5 does not.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/**
 * The theme in the interface's language: the words Mantine's components would say in English
 * (the password fields' show/hide button), given by the app's translations.
 */
export function localizedTheme(showPassword: string) {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        // One label with aria-pressed telling whether the password shows.
        PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } } },
      },
    }),
  );
}

/**
 * Green and teal darkened by 15 % from their shade 9, since no shade of Mantine's own reaches
 * 4.5:1: green.9 is 4.4:1 on white and 3.8:1 on a light badge or button (green.1), and the filled
 * buttons' shade 7 under white text 2.8:1. Hex so that theme.test.ts can measure them.
 */
const deepGreen = '#257535';
/** Its hover, a step darker: green.9 would be 4.4:1 under white. */
const deeperGreen = '#20682f';
const deepTeal = '#076c4d';

/**
 * Green, teal and red as text (a light badge or button, `c="green"`) and as filled buttons, in
 * shades that reach 4.5:1 in both schemes. Mantine's dark scheme already writes light variants in
 * shade 0 and text in shade 4; only its filled shade 7 needs a darker one there.
 */
function statusColors(resolved: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const filled = {
    '--mantine-color-green-filled': deepGreen,
    '--mantine-color-green-filled-hover': deeperGreen,
    '--mantine-color-teal-filled': deepTeal,
    '--mantine-color-teal-filled-hover': resolved.colors.teal[9],
    '--mantine-color-red-filled': resolved.colors.red[9],
    '--mantine-color-red-filled-hover': resolved.colors.red[8],
  };
  if (scheme === 'dark') return filled;
  return {
    ...filled,
    '--mantine-color-green-light-color': deepGreen,
    '--mantine-color-teal-light-color': deepTeal,
    // Outline buttons write their colour's shade 7 on white (3.3:1 for teal): the filled one's.
    // Dark writes shade 3, which passes.
    '--mantine-color-green-outline': deepGreen,
    '--mantine-color-teal-outline': deepTeal,
    '--mantine-color-red-outline': resolved.colors.red[9],
  };
}

/**
 * Mantine's default "dimmed" grey and its field-error red (red.6 on white 3.3:1, red.8 on dark.7
 * 3.4:1) fail the 4.5:1 contrast ratio; red.9 (5.5:1) and red.5 (5.6:1) pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...statusColors(resolved, 'light'),
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-error': resolved.colors.red[9],
  },
  dark: {
    ...statusColors(resolved, 'dark'),
    '--mantine-color-dimmed': resolved.colors.dark[1],
    '--mantine-color-error': resolved.colors.red[5],
    // Links: violet.4 is 4.0:1 on a card (dark.6), under WCAG AA's 4.5:1; violet.3 is 5.6:1.
    '--mantine-color-anchor': resolved.colors.violet[3],
  },
});
