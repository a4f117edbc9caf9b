import { ActionIcon, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { IconMessagePlus, IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isTab, type Tab } from '../api/ticket-keys';
import { useTicketCounts } from '../api/use-tickets';
import { FilterPopover } from '../filter/filter-popover';
import { useDeskFilter } from '../filter/use-desk-filter';
import { NotificationsMenu } from './notifications-menu';
import { TicketList } from './ticket-list';
import { TicketTabs } from './ticket-tabs';

/** The left column of the service screen: tabs with counts, search, filter and the rows. */
export function TicketListPane({ focusedId }: { focusedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [storedTab, setTab] = useLocalStorage<string>({ key: 'prosa-desk-tab', defaultValue: 'open' });
  const tab: Tab = isTab(storedTab) ? storedTab : 'open';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const { filter } = useDeskFilter();
  const counts = useTicketCounts();
  const params = useMemo(() => ({ tab, search: debounced, filter }), [tab, debounced, filter]);

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group justify="space-between" px="md" pt="sm" pb={6} wrap="nowrap">
        <Title order={4} data-testid="page-title">
          {t('nav.attendance')}
        </Title>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('desk.newChat')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => void navigate('/atendimento/contatos')}
              aria-label={t('desk.newChat')}
              data-testid="desk-new-chat"
            >
              <IconMessagePlus size={18} />
            </ActionIcon>
          </Tooltip>
          <NotificationsMenu />
          <FilterPopover />
        </Group>
      </Group>
      <TextInput
        mx="md"
        mb="xs"
        size="sm"
        radius="xl"
        placeholder={t('desk.search')}
        aria-label={t('desk.search')}
        leftSection={<IconSearch size={15} />}
        rightSection={
          search ? (
            <ActionIcon
              variant="transparent"
              color="gray"
              size="sm"
              onClick={() => setSearch('')}
              aria-label={t('common.close')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="desk-search"
      />
      <TicketTabs tab={tab} counts={counts.data} onChange={setTab}>
        <TicketList params={params} focusedId={focusedId} />
      </TicketTabs>
    </Stack>
  );
}
