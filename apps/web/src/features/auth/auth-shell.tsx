import { Box, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMessageCircle2Filled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../shared/i18n/language-switcher';
import { useBranding } from '../../shared/branding/use-branding';
import { Brand, BrandLogo, logoFor } from '../../shared/ui/brand';

/** The public screens' frame: the product pitch on the left, the form on the right. */
export function AuthShell({
  title,
  subtitle,
  children,
  wide,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const branding = useBranding();
  // The aside is the primary colour, dark: the logo meant for dark backgrounds, when there is one.
  const asideLogo = logoFor(branding, true);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box className="prosa-auth-aside" visibleFrom="md" p={56}>
        <Stack justify="space-between" h="100%">
          {asideLogo ? (
            <BrandLogo image={asideLogo} name={branding.productName} height={62} />
          ) : (
            <Group gap={10}>
              <ThemeIcon size={40} radius="md" color="white" variant="white">
                <IconMessageCircle2Filled size={24} color="var(--mantine-color-prosa-7)" />
              </ThemeIcon>
              <Text fw={800} fz={28} style={{ letterSpacing: '-0.02em' }} data-testid="auth-product-name">
                {branding.productName}
              </Text>
            </Group>
          )}
          <Stack gap="lg" maw={440}>
            <Title order={2} fw={700} lh={1.25}>
              {t('auth.tagline')}
            </Title>
            <List spacing="sm" icon={<IconCheck size={18} />}>
              <List.Item>{t('auth.highlights.channels')}</List.Item>
              <List.Item>{t('auth.highlights.queues')}</List.Item>
              <List.Item>{t('auth.highlights.team')}</List.Item>
            </List>
          </Stack>
          <Text size="xs" opacity={0.7}>
            © {new Date().getFullYear()} {branding.productName}
          </Text>
        </Stack>
      </Box>
      <Stack justify="center" py="xl" pos="relative">
        <Box pos="absolute" top={16} right={16}>
          <LanguageMenu />
        </Box>
        <Container size={wide ? 560 : 420} w="100%">
          <Stack gap="lg">
            <Box hiddenFrom="md">
              <Brand size="lg" />
            </Box>
            <Stack gap={4}>
              <Title order={2} data-testid="page-title">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            <Paper p="xl" shadow="sm">
              {children}
            </Paper>
          </Stack>
        </Container>
      </Stack>
    </SimpleGrid>
  );
}
