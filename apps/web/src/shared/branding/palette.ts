import { darken, lighten, luminance, type MantineColorsTuple } from '@mantine/core';

/** White text on a colour of at most this luminance reaches WCAG AA's 4.5:1 (1.05 / (L + 0.05)). */
const MAX_LUMINANCE_FOR_WHITE_TEXT = 1.05 / 4.6 - 0.05;

/**
 * Ten shades, lightest first (Mantine's convention), from the operator's primary colour. The theme
 * uses shade 9 for filled buttons with white text: the colour is darkened as far as needed for
 * 4.5:1, so a light colour picked by the operator still gives readable buttons.
 */
export function paletteOf(color: string): MantineColorsTuple {
  let base = color;
  for (let step = 0; step < 20 && luminance(base) > MAX_LUMINANCE_FOR_WHITE_TEXT; step++) base = darken(color, (step + 1) * 0.05);
  const tints = [0.92, 0.82, 0.68, 0.52, 0.38, 0.26, 0.16, 0.08, 0.04];
  return [...tints.map((t) => lighten(base, t)), base] as unknown as MantineColorsTuple;
}
