import { ActionIcon, Menu, Switch, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  askNotificationPermission,
  beep,
  notificationPermission,
  setSoundEnabled,
  soundEnabled,
  unlockAudio,
} from '../realtime/inbound-alert';

/** Browser notifications (asked from this click) and the new-message sound. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(notificationPermission);
  const [sound, setSound] = useState(soundEnabled);
  const Glyph = permission === 'granted' ? IconBellRinging : permission === 'denied' ? IconBellOff : IconBell;
  return (
    <Menu position="bottom-end" width={260} withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <Tooltip label={t('desk.notifications.enable')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('desk.notifications.enable')}
            data-testid="desk-notifications"
          >
            <Glyph size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {permission === 'default' && (
          <Menu.Item
            leftSection={<IconBellRinging size={16} />}
            onClick={() => void askNotificationPermission().then(setPermission)}
            data-testid="desk-notifications-enable"
          >
            {t('desk.notifications.enable')}
          </Menu.Item>
        )}
        {permission === 'granted' && <Menu.Label>{t('desk.notifications.enabled')}</Menu.Label>}
        {permission === 'denied' && (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            {t('desk.notifications.blocked')}
          </Text>
        )}
        <Menu.Divider />
        <Switch
          px="sm"
          py={6}
          label={t('desk.notifications.sound')}
          checked={sound}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSound(on);
            setSoundEnabled(on);
            unlockAudio();
            if (on) beep();
          }}
          data-testid="desk-sound"
        />
      </Menu.Dropdown>
    </Menu>
  );
}
