import { AspectRatio } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A help article's YouTube video, embedded without YouTube's tracking cookies, loaded when shown. */
export function HelpVideo({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <AspectRatio ratio={16 / 9} maw={720} data-testid="help-video">
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`}
        title={t('help.video', { title })}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
