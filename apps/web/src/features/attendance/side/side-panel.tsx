import { ScrollArea, Tabs, Text, Tooltip } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconCalendarTime, IconHistory, IconNotes, IconPhone, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallsTab } from '../../calls/calls-tab';
import { ContactTab } from './contact-tab';
import { LogsTab } from './logs-tab';
import { NotesTab } from './notes-tab';
import { SchedulesTab } from './schedules-tab';

type SideTab = 'contact' | 'logs' | 'notes' | 'schedules' | 'calls';

/** Contact data, ticket logs, notes and scheduled messages beside the chat (SPEC §2). */
export function SidePanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SideTab>('contact');
  const tabs: { key: SideTab; icon: typeof IconUser }[] = [
    { key: 'contact', icon: IconUser },
    { key: 'logs', icon: IconHistory },
    { key: 'notes', icon: IconNotes },
    { key: 'schedules', icon: IconCalendarTime },
    { key: 'calls', icon: IconPhone },
  ];
  // The calls tab's name comes from the calls catalogue; the others from the desk's.
  const label = (key: SideTab) => (key === 'calls' ? t('calls.list.title') : t(`desk.side.${key}`));
  return (
    <Tabs
      value={tab}
      onChange={(v) => v && setTab(v as SideTab)}
      keepMounted={false}
      style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Tabs.List grow>
        {tabs.map(({ key, icon: Icon }) => (
          <Tooltip key={key} label={label(key)}>
            <Tabs.Tab value={key} px={6} aria-label={label(key)} data-testid={`side-tab-${key}`}>
              <Icon size={18} />
            </Tabs.Tab>
          </Tooltip>
        ))}
      </Tabs.List>
      <Text fw={700} size="sm" px="md" pt="sm">
        {label(tab)}
      </Text>
      <ScrollArea style={{ flex: 1 }} type="hover">
        <div style={{ padding: 16 }}>
          {tab === 'contact' && <ContactTab ticket={ticket} />}
          {tab === 'logs' && <LogsTab ticketId={ticket.id} />}
          {tab === 'notes' && <NotesTab ticketId={ticket.id} />}
          {tab === 'schedules' && <SchedulesTab ticket={ticket} />}
          {tab === 'calls' && <CallsTab ticketId={ticket.id} />}
        </div>
      </ScrollArea>
    </Tabs>
  );
}
