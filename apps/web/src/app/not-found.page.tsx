import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSession, landingPath } from '../shared/auth/session';
import { Brand } from '../shared/ui/brand';

/** Any unknown path (SPEC §2), and the last resort when a screen fails to render. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const session = getSession();
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Brand size="lg" />
        <Text fz={96} fw={800} lh={1} c="prosa.7" data-testid="not-found-code">
          404
        </Text>
        <Title order={2} data-testid="page-title">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button
          component={Link}
          to={session ? landingPath(session.profile) : '/login'}
          size="md"
          data-testid="not-found-home"
        >
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
