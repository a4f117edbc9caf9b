import { ActionIcon, Button, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Contact } from '@prosa/contracts';
import { IconArrowLeft, IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toastError } from '../../shared/errors/toast-error';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { effectiveSearch, useContactList } from '../contacts/use-contacts';
import { useStartConversation } from './api/use-ticket-actions';
import { ContactAvatar } from './ui/contact-avatar';

/** /atendimento/contatos: the contact list in chat mode; picking one starts a conversation. */
export function PickContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(effectiveSearch(search), 300);
  const list = useContactList({ searchParam: debounced, tagsIds: [] });
  const start = useStartConversation();
  const sentinel = useRef<HTMLDivElement>(null);
  const contacts = useMemo(() => (list.data?.pages ?? []).flatMap((p) => p.contacts), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const io = new IntersectionObserver(
      (e) => e.some((x) => x.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
    );
    io.observe(node);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, contacts.length]);

  const pick = (c: Contact) => start.mutate(c.id, { onError: toastError });

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }} className="prosa-chat-bg" data-testid="pick-contact">
      <Group className="prosa-chat-header" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            onClick={() => void navigate('/atendimento')}
            aria-label={t('desk.pickContact.back')}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <div>
            <Title order={5}>{t('desk.pickContact.title')}</Title>
            <Text size="xs" c="dimmed">
              {t('desk.pickContact.subtitle')}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/contatos" variant="subtle" size="xs">
          {t('desk.pickContact.manage')}
        </Button>
      </Group>
      <Paper m="md" p={0} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <TextInput
          m="sm"
          placeholder={t('contacts.search')}
          description={search.trim().length === 1 ? t('contacts.searchHint') : undefined}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
          data-testid="pick-contact-search"
        />
        <ScrollArea style={{ flex: 1 }}>
          {list.isPending ? (
            <LoadingBlock />
          ) : list.isError ? (
            <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
          ) : contacts.length === 0 ? (
            <EmptyState title={t('contacts.empty')} />
          ) : (
            contacts.map((c) => (
              <Group
                key={c.id}
                className="prosa-ticket-row"
                justify="space-between"
                wrap="nowrap"
                data-testid="pick-contact-row"
                data-name={c.name}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ContactAvatar name={c.name} picture={c.profilePicUrl} size={38} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.number || t('contacts.noNumber')}
                    </Text>
                  </div>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMessagePlus size={14} />}
                  loading={start.isPending && start.variables === c.id}
                  onClick={() => pick(c)}
                  data-testid="pick-contact-start"
                >
                  {t('contacts.startChat')}
                </Button>
              </Group>
            ))
          )}
          <div ref={sentinel} style={{ height: 1 }} />
          {isFetchingNextPage && <Loader size="sm" mx="auto" my="sm" display="block" />}
        </ScrollArea>
      </Paper>
    </Stack>
  );
}
