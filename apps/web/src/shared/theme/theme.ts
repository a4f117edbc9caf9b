import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Prosa green: conversation, go-ahead. Ten shades, lightest first (Mantine convention). */
const prosa: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#099268',
  '#087f5b',
];

export const theme = createTheme({
  primaryColor: 'prosa',
  primaryShade: { light: 7, dark: 6 },
  colors: { prosa },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});
