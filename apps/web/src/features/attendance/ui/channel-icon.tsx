import { ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMessageCircle,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Known = 'webchat' | 'whatsapp' | 'waba' | 'telegram' | 'instagram' | 'messenger' | 'facebook';
const ICONS: Record<Known, { icon: Icon; color: string }> = {
  webchat: { icon: IconWorld, color: 'blue' },
  whatsapp: { icon: IconBrandWhatsapp, color: 'green' },
  waba: { icon: IconBrandWhatsapp, color: 'teal' },
  telegram: { icon: IconBrandTelegram, color: 'cyan' },
  instagram: { icon: IconBrandInstagram, color: 'pink' },
  messenger: { icon: IconBrandMessenger, color: 'indigo' },
  facebook: { icon: IconBrandFacebook, color: 'indigo' },
};
const isKnown = (t: string): t is Known => t in ICONS;

/** The channel type of a ticket as a small coloured icon with its name. */
export function ChannelIcon({ type, size = 18 }: { type: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  const known = type && isKnown(type) ? type : null;
  const { icon: Glyph, color } = known ? ICONS[known] : { icon: IconMessageCircle, color: 'gray' };
  return (
    <Tooltip label={t(`desk.channel.${known ?? 'other'}`)}>
      <ThemeIcon
        size={size}
        radius="xl"
        color={color}
        variant="filled"
        data-testid="channel-icon"
        data-type={type ?? ''}
      >
        <Glyph size={size * 0.62} stroke={2} />
      </ThemeIcon>
    </Tooltip>
  );
}
