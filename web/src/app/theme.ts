import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  // White text on violet.7 meets WCAG AA in both skins; violet.5 does not.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/**
 * Mantine's default "dimmed" grey and its field-error red (red.6 on white 3.3:1, red.8 on dark.7
 * 3.4:1) fail the 4.5:1 contrast ratio; red.9 (5.5:1) and red.5 (5.6:1) pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-error': resolved.colors.red[9],
  },
  dark: {
    '--mantine-color-dimmed': resolved.colors.dark[1],
    '--mantine-color-error': resolved.colors.red[5],
    // Links: violet.4 is 4.0:1 on a card (dark.6), under WCAG AA's 4.5:1; violet.3 is 5.6:1.
    '--mantine-color-anchor': resolved.colors.violet[3],
  },
});
