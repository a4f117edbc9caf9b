import { createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { DEFAULT_PRIMARY_COLOR } from '@prosa/contracts';
import { paletteOf } from '../branding/palette';

/**
 * Prosa green: conversation, go-ahead. Ten shades, lightest first (Mantine convention). The two
 * darkest are darker than the open-color teal they come from: shade 9 is the primary shade, and
 * white text on it, or it as text on its own light tint, must reach WCAG AA's 4.5:1.
 */
const prosa: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#08734f',
];

/**
 * The theme in the interface language: the close buttons Mantine draws itself (modals,
 * notifications) have no text, so they get their accessible name from here. `primaryColor` is the
 * white-label colour: Prosa green (the hand-tuned shades above) unless the operator set another.
 */
export function buildTheme(labels: { close: string; eyeDropper: string }, primaryColor = DEFAULT_PRIMARY_COLOR) {
  const closeButtonProps = { 'aria-label': labels.close };
  return createTheme({
    primaryColor: 'prosa',
    // Shade 9 for every colour: filled buttons and badges keep 4.5:1 with their white text in both
    // schemes (Mantine's defaults, 6 and 8, give 2.8 to 4:1 on teal, green and orange).
    primaryShade: { light: 9, dark: 9 },
    colors: { prosa: primaryColor.toLowerCase() === DEFAULT_PRIMARY_COLOR ? prosa : paletteOf(primaryColor) },
    defaultRadius: 'md',
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Paper: { defaultProps: { withBorder: true, radius: 'md' } },
      Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 }, closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': labels.eyeDropper } } },
    },
  });
}

/**
 * Colours that must keep 4.5:1 (WCAG AA) in both schemes:
 * - dimmed text (hints, subtitles, counts): Mantine's gray-6 / dark-2 reach only 3.3:1 on white and
 *   4:1 on the dark body;
 * - error text and borders: red-6 on white is 3.3:1, red-8 on the dark body 3.4:1;
 * - the "light" variant (the active menu item, avatars, light badges): in the light scheme the text
 *   is the colour's shade 9 on a 10% tint of itself, 4.4:1 for teal and 3:1 for orange, so it is
 *   darkened for every colour of the theme; in the dark scheme shade 4 on the tint gives 4.1:1 for
 *   violet, so it is shade 3 there (5:1 or more for every colour).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], name === 'yellow' || name === 'orange' ? 0.35 : 0.2),
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    ...Object.fromEntries(
      Object.keys(theme.colors)
        .filter((name) => name !== 'dark' && name !== 'gray')
        .map((name) => [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-3)`]),
    ),
  },
});
