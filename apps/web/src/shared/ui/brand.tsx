import { Group, Text, ThemeIcon, useComputedColorScheme } from '@mantine/core';
import type { Branding, BrandingImage } from '@prosa/contracts';
import { IconMessageCircle2Filled } from '@tabler/icons-react';
import { useBranding } from '../branding/use-branding';

/** The logo for a background: the dark-background logo where one is meant, else the other. */
export function logoFor(branding: Branding, dark: boolean): BrandingImage | null {
  return dark ? (branding.logoDark ?? branding.logo) : (branding.logo ?? branding.logoDark);
}

/** The operator's logo at a height (481x186 keeps its proportions), named for screen readers. */
export function BrandLogo({ image, name, height }: { image: BrandingImage; name: string; height: number }) {
  return (
    <img
      src={image.url}
      alt={name}
      height={height}
      width={Math.round((height * image.width) / image.height)}
      style={{ display: 'block' }}
      data-testid="brand-logo"
    />
  );
}

/** The product's mark: the operator's logo, or Prosa's icon and the product's name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const branding = useBranding();
  const dark = useComputedColorScheme('light') === 'dark';
  const big = size === 'lg';
  const logo = logoFor(branding, dark);
  if (logo) return <BrandLogo image={logo} name={branding.productName} height={big ? 48 : 36} />;
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={big ? 40 : 32} radius="md" variant="filled">
        <IconMessageCircle2Filled size={big ? 24 : 19} />
      </ThemeIcon>
      <Text fw={800} fz={big ? 26 : 20} lh={1} style={{ letterSpacing: '-0.02em' }} data-testid="brand-name">
        {branding.productName}
      </Text>
    </Group>
  );
}
