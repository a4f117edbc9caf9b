import {
  ActionIcon,
  Badge,
  Box,
  Group,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { ChatGroup, ChatPerson, Presence } from '@prosa/contracts';
import { IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { NewGroupModal } from './group-modals';
import { useGroups, usePeople, type Conversation } from './use-internal-chat';

const PRESENCE_COLOR: Record<Presence, string> = { online: 'teal', idle: 'yellow', offline: 'gray' };

export function PresenceDot({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`ichat.${presence}`)}>
      <Box
        component="span"
        data-testid="ichat-presence"
        data-presence={presence}
        role="img"
        aria-label={t(`ichat.${presence}`)}
        w={10}
        h={10}
        style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${PRESENCE_COLOR[presence]}-6)` }}
      />
    </Tooltip>
  );
}

function Unread({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={count < 10}
      data-testid="ichat-item-unread"
      role="img"
      aria-label={t('ichat.unread', { count })}
    >
      {count}
    </Badge>
  );
}

interface Props {
  current: Conversation | null;
  onOpen: (c: Conversation) => void;
}

/** People (with presence, filtered by name and team) and groups, each with its unread count. */
export function ConversationList({ current, onOpen }: Props) {
  const { t } = useTranslation();
  const search = useDebouncedSearch(300);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const people = usePeople(search.debounced, teamId);
  const everyone = usePeople('', null);
  const groups = useGroups();
  // Team options from everyone's teams (agents may not read the teams screen).
  const teams = useMemo(() => {
    const byId = new Map<number, string>();
    for (const p of everyone.data ?? []) for (const tm of p.teams) byId.set(tm.id, tm.name);
    return [...byId]
      .map(([id, name]) => ({ value: String(id), label: name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [everyone.data]);
  const isOpen = (kind: Conversation['kind'], id: number) => current?.kind === kind && current.id === id;

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('ichat.search')}
        value={search.value}
        onChange={(e) => search.setValue(e.currentTarget.value)}
        data-testid="ichat-search"
      />
      {teams.length > 0 && (
        <Select
          data={teams}
          value={teamId ? String(teamId) : null}
          onChange={(v) => setTeamId(v ? Number(v) : null)}
          placeholder={t('teams.filterAll')}
          aria-label={t('teams.filter')}
          clearable
          data-testid="ichat-team-filter"
        />
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Group justify="space-between" px="xs" mt={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('ichat.groups')}
          </Text>
          <Tooltip label={t('ichat.newGroup')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={() => setCreating(true)}
              aria-label={t('ichat.newGroup')}
              data-testid="ichat-new-group"
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {(groups.data ?? []).length === 0 && (
          <Text size="xs" c="dimmed" px="xs" py={4}>
            {t('ichat.noGroups')}
          </Text>
        )}
        {(groups.data ?? []).map((g: ChatGroup) => (
          <NavLink
            key={`g${g.id}`}
            active={isOpen('group', g.id)}
            onClick={() => onOpen({ kind: 'group', id: g.id })}
            leftSection={<IconUsersGroup size={18} />}
            label={g.name}
            description={t('ichat.members', { count: g.userIds.length })}
            rightSection={<Unread count={g.unread} />}
            data-testid="ichat-group"
            data-name={g.name}
          />
        ))}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mt="sm">
          {t('ichat.people')}
        </Text>
        {(people.data ?? []).length === 0 && !people.isLoading && (
          <Text size="xs" c="dimmed" px="xs" py={4}>
            {t('ichat.noPeople')}
          </Text>
        )}
        {(people.data ?? []).map((p: ChatPerson) => (
          <NavLink
            key={`u${p.id}`}
            active={isOpen('user', p.id)}
            onClick={() => onOpen({ kind: 'user', id: p.id })}
            leftSection={<PresenceDot presence={p.presence} />}
            label={p.name}
            description={p.teams.map((tm) => tm.name).join(', ') || undefined}
            rightSection={<Unread count={p.unread} />}
            data-testid="ichat-person"
            data-name={p.name}
          />
        ))}
      </ScrollArea>
      <NewGroupModal
        opened={creating}
        onClose={() => setCreating(false)}
        people={everyone.data ?? []}
        teams={teams}
        onCreated={(id) => onOpen({ kind: 'group', id })}
      />
    </Stack>
  );
}
