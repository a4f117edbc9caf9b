import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconCalendarClock, IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleFormModal } from './schedule-form-modal';
import { QUICK_OPTIONS, type QuickOption } from './schedule-quick';

/**
 * The composer's schedule button: the quick options of SPEC §9 (30 minutes, tomorrow, next week,
 * custom) open the form with that time set and the composer's text as the message.
 */
export function ScheduleButton({ ticket, text, disabled }: { ticket: Ticket; text: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [option, setOption] = useState<QuickOption | null>(null);
  return (
    <>
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <Tooltip label={t('schedules.schedule')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('schedules.schedule')}
              disabled={disabled}
              data-testid="composer-schedule"
            >
              <IconCalendarClock size={20} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('schedules.schedule')}</Menu.Label>
          {QUICK_OPTIONS.map((o) => (
            <Menu.Item
              key={o}
              leftSection={<IconClockHour4 size={14} />}
              onClick={() => setOption(o)}
              data-testid={`composer-schedule-${o}`}
            >
              {t(`schedules.quick.${o}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ScheduleFormModal
        opened={option !== null}
        item={null}
        ticketId={ticket.id}
        preset={{ body: text, option: option ?? undefined }}
        onClose={() => setOption(null)}
      />
    </>
  );
}
