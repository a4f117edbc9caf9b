import { Box, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { previewText, type SampleContact } from './campaign-preview';

// The phone's screen is light in both themes, so its texts have fixed colours (contrast 4.5:1 and up).
const SCREEN_BG = '#f1f3f5';
const SCREEN_TEXT = '#1a1b1e';
const SCREEN_MUTED = '#495057';

/**
 * A message as a contact would see it: a plain phone frame with one bubble, the variables filled
 * with a sample contact. `file` is the picked (or stored) media, shown above the text.
 */
export function PhonePreview({
  n,
  text,
  sample,
  file,
}: {
  n: number;
  text: string;
  sample: SampleContact;
  file: { name: string; url?: string } | null;
}) {
  const { t } = useTranslation();
  const filled = useMemo(() => previewText(text, sample, new Date()), [text, sample]);
  return (
    <Stack gap={4} align="center" data-testid={`campaign-preview-${n}`}>
      <Text size="xs" c="dimmed">
        {t('campaigns.preview', { n })}
      </Text>
      <Box
        role="img"
        aria-label={t('campaigns.preview', { n })}
        style={{
          width: 180,
          height: 300,
          borderRadius: 24,
          border: '6px solid var(--mantine-color-dark-6)',
          background: SCREEN_BG,
          padding: '22px 8px 8px',
          overflowY: 'auto',
          position: 'relative',
        }}
      >
        <Box
          style={{
            position: 'absolute',
            top: 6,
            left: '50%',
            transform: 'translateX(-50%)',
            width: 48,
            height: 6,
            borderRadius: 3,
            background: 'var(--mantine-color-dark-6)',
          }}
        />
        {(filled.trim() || file) && (
          <Paper p={6} radius="md" shadow="xs" style={{ background: '#dcf8c6', marginLeft: 'auto', maxWidth: '92%' }}>
            {file?.url ? (
              <Image src={file.url} alt={file.name} radius="sm" mb={4} />
            ) : file ? (
              <Text size="xs" mb={4} style={{ color: SCREEN_TEXT }}>
                <IconPaperclip size={12} /> {file.name}
              </Text>
            ) : null}
            <Text
              size="xs"
              style={{ color: SCREEN_TEXT, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid={`campaign-preview-${n}-text`}
            >
              {filled}
            </Text>
          </Paper>
        )}
        {!filled.trim() && !file && (
          <Text size="xs" ta="center" mt="xl" style={{ color: SCREEN_MUTED }}>
            {t('campaigns.previewEmpty')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
