import {
  ActionIcon,
  Button,
  Divider,
  Indicator,
  MultiSelect,
  Popover,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/use-session';
import { QUEUES_RESOURCE, TAGS_RESOURCE } from '../../color-items/color-item-resource';
import { useColorItems } from '../../color-items/use-color-items';
import { activeFilterCount, useDeskFilter } from './use-desk-filter';

/**
 * The attendance filter fields (SPEC §3) in a popover. "Show all" is offered to admins and
 * general supervisors, the profiles SPEC §6 gives it to (the server ignores it for others).
 */
export function FilterPopover() {
  const { t } = useTranslation();
  const session = useSession();
  const { filter, change, reset } = useDeskFilter();
  const queues = useColorItems(QUEUES_RESOURCE);
  const tags = useColorItems(TAGS_RESOURCE);
  const active = activeFilterCount(filter);
  const maySeeAll = session?.profile === 'admin' || session?.profile === 'supervisor';
  const toggle = (key: 'showAll' | 'withUnreadMessages' | 'isNotAssignedUser' | 'includeNotQueueDefined') => ({
    checked: filter[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change({ [key]: e.currentTarget.checked }),
  });

  return (
    <Popover width={320} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={active ? t('desk.filter.active', { count: active }) : t('desk.filter.button')}>
          <Indicator disabled={!active} label={active} size={16} offset={4} color="orange">
            <ActionIcon
              variant={active ? 'light' : 'subtle'}
              size="lg"
              aria-label={t('desk.filter.button')}
              data-testid="desk-filter"
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('desk.filter.title')}
          </Text>
          <MultiSelect
            label={t('desk.filter.queues')}
            placeholder={filter.queuesIds.length ? undefined : t('desk.filter.queuesPlaceholder')}
            data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={filter.queuesIds.map(String)}
            onChange={(v) => change({ queuesIds: v.map(Number) })}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
            data-testid="desk-filter-queues"
          />
          <MultiSelect
            label={t('desk.filter.tags')}
            placeholder={filter.tagsIds.length ? undefined : t('desk.filter.tagsPlaceholder')}
            data={(tags.data ?? []).map((tg) => ({ value: String(tg.id), label: tg.name }))}
            value={filter.tagsIds.map(String)}
            onChange={(v) => change({ tagsIds: v.map(Number) })}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
            data-testid="desk-filter-tags"
          />
          <Divider />
          {maySeeAll && (
            <Switch
              label={t('desk.filter.showAll')}
              description={t('desk.filter.showAllHint')}
              {...toggle('showAll')}
              data-testid="desk-filter-show-all"
            />
          )}
          <Switch label={t('desk.filter.unread')} {...toggle('withUnreadMessages')} data-testid="desk-filter-unread" />
          <Switch
            label={t('desk.filter.notAssigned')}
            {...toggle('isNotAssignedUser')}
            data-testid="desk-filter-not-assigned"
          />
          <Switch
            label={t('desk.filter.includeNoQueue')}
            {...toggle('includeNotQueueDefined')}
            data-testid="desk-filter-no-queue"
          />
          <Button variant="subtle" size="xs" onClick={reset} disabled={!active} data-testid="desk-filter-reset">
            {t('desk.filter.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
