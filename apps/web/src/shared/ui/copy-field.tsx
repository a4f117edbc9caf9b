import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A read-only value in monospace with a copy button (tokens, secrets, webhook URLs). */
export function CopyField(p: { label: string; value: string; testId: string; copyText: string; copiedText: string }) {
  return (
    <TextInput
      label={p.label}
      value={p.value}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      data-testid={p.testId}
      rightSection={
        <CopyButton value={p.value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? p.copiedText : p.copyText} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${p.copyText}: ${p.label}`}
                data-testid={`${p.testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
