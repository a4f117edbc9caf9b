import { Tabs, Text } from '@mantine/core';
import type { TicketCounts } from '@prosa/contracts';
import { IconArchive } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABS, type Tab } from '../api/ticket-keys';

/**
 * Open, Pending, Closed, Chatbot and Groups, each with its count (closed tickets are not counted).
 * The list of the chosen tab is its panel, so the active tab's aria-controls names a real element.
 */
export function TicketTabs({
  tab,
  counts,
  onChange,
  children,
}: {
  tab: Tab;
  counts: TicketCounts | undefined;
  onChange: (tab: Tab) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(v) => v && onChange(v as Tab)}
      variant="default"
      style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Tabs.List grow>
        {TABS.map((key) => {
          const count = key === 'closed' ? undefined : counts?.[key];
          return (
            <Tabs.Tab key={key} value={key} px={4} py={8} data-testid={`ticket-tab-${key}`}>
              <Text
                ta="center"
                fw={700}
                size="md"
                lh={1.1}
                c={key === 'pending' && count ? 'orange' : undefined}
                data-testid={`ticket-count-${key}`}
              >
                {key === 'closed' ? <IconArchive size={16} style={{ verticalAlign: -2 }} /> : (count ?? '·')}
              </Text>
              <Text ta="center" size="xs" c="dimmed" lh={1.2}>
                {t(`desk.tabs.${key}`)}
              </Text>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value={tab} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
