import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircle2, IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { SocketStatusBadge } from '../../shared/realtime/socket-status-badge';
import { ColorBadge } from '../../shared/ui/color-dot';
import { useTicketCounts } from './api/use-tickets';

/** /atendimento with no chat open: a welcome, the user's queues, who is waiting, the connection. */
export function EmptyChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const counts = useTicketCounts();
  if (!session) return null;
  const pending = counts.data?.pending ?? 0;
  return (
    <Center style={{ flex: 1 }} p="lg" className="prosa-chat-bg">
      <Paper p="xl" radius="lg" maw={520} w="100%" shadow="xs" data-testid="chat-empty">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMessageCircle2 size={34} />
          </ThemeIcon>
          <Title order={3} data-testid="attendance-welcome">
            {t('desk.welcome.title', { name: session.username })}
          </Title>
          <Text c="dimmed" size="sm">
            {t('desk.welcome.hint')}
          </Text>
          {/* Orange's "light" text colour: the theme keeps it at 4.5:1 in both schemes (orange-9 is 4.3:1 on white). */}
          {pending > 0 && (
            <Text fw={600} c="var(--mantine-color-orange-light-color)" size="sm" data-testid="welcome-pending">
              {t('desk.welcome.pending', { count: pending })}
            </Text>
          )}
          <Button
            leftSection={<IconMessagePlus size={16} />}
            variant="light"
            onClick={() => void navigate('/atendimento/contatos')}
          >
            {t('desk.newChat')}
          </Button>
          <Stack gap={6} align="center" mt="sm">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('desk.welcome.queues')}
            </Text>
            {session.queues.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="attendance-no-queues">
                {t('desk.welcome.noQueues')}
              </Text>
            ) : (
              <Group gap="xs" justify="center" data-testid="attendance-queues">
                {session.queues.map((q) => (
                  <ColorBadge key={q.id} color={q.color} name={q.name} />
                ))}
              </Group>
            )}
          </Stack>
          <Group gap="xs" mt="xs">
            <Text size="xs" c="dimmed">
              {t('desk.welcome.connection')}
            </Text>
            <SocketStatusBadge />
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
