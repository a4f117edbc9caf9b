import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Brand } from '../shared/ui/brand';
import { NotFoundPage } from './not-found.page';

/** A screen that failed to render: say so plainly and offer a reload (a 404 answer gets the 404 page). */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Brand size="lg" />
        <Title order={2} data-testid="page-title">
          {t('crash.title')}
        </Title>
        <Text c="dimmed">{t('crash.text')}</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
