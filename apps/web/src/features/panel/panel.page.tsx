import { ActionIcon, Box, Group, Loader, SegmentedControl, Switch, Text, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header';
import { QueueCards, QueueTable, UserCards, UserTable } from './panel-cards';
import { usePanel } from './use-panel';

type View = 'users' | 'queues';
/** How often the waits move on screen between events. */
const TICK_MS = 15_000;

/** The server's clock now: waits are counted from it, whatever the browser's clock says. */
function useServerNow(serverAt: string | undefined): number {
  const [tick, setTick] = useState(() => Date.now());
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (serverAt) setOffset(Date.parse(serverAt) - Date.now());
  }, [serverAt]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return tick + offset;
}

/** A wall screen: the panel alone, full screen (the browser's Fullscreen API). */
function useFullScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen?.();
  };
  return { ref, on, toggle };
}

/** SPEC §2 /painel-atendimentos: by user and by queue, each in full and synthetic, full screen. */
export function PanelPage() {
  const { t } = useTranslation();
  const panel = usePanel();
  const [view, setView] = useState<View>('users');
  const [synthetic, setSynthetic] = useState(false);
  const full = useFullScreen();
  const now = useServerNow(panel.data?.at);
  const data = panel.data;
  const empty = data && (view === 'users' ? data.users.length === 0 : data.queues.length === 0);
  return (
    <Box ref={full.ref} p={full.on ? 'lg' : 0} bg={full.on ? 'var(--mantine-color-body)' : undefined} style={{ overflow: 'auto' }}>
      <PageHeader
        title={t('panel.title')}
        subtitle={t('panel.subtitle')}
        actions={
          <Group gap="sm">
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as View)}
              data={[
                { value: 'users', label: t('panel.byUser') },
                { value: 'queues', label: t('panel.byQueue') },
              ]}
              data-testid="panel-view"
            />
            <Switch label={t('panel.synthetic')} checked={synthetic} onChange={(e) => setSynthetic(e.currentTarget.checked)} data-testid="panel-synthetic" />
            <Tooltip label={full.on ? t('panel.exitFullScreen') : t('panel.fullScreen')}>
              <ActionIcon variant="light" size="lg" onClick={full.toggle} aria-label={full.on ? t('panel.exitFullScreen') : t('panel.fullScreen')} data-testid="panel-fullscreen">
                {full.on ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        }
      />
      {panel.isPending && <Loader />}
      {empty && <Text c="dimmed">{t('panel.empty')}</Text>}
      {data && view === 'users' && (synthetic ? <UserTable users={data.users} now={now} /> : <UserCards users={data.users} now={now} />)}
      {data && view === 'queues' && (synthetic ? <QueueTable queues={data.queues} now={now} /> : <QueueCards queues={data.queues} now={now} />)}
    </Box>
  );
}
