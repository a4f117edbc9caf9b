import { Group, Paper, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, also the box's accessible name. */
  label: string;
  hint?: string;
  testId: string;
  width?: number;
}

/** The list's search box; the caller debounces (useDebouncedSearch). */
export function SearchBox({ value, onChange, label, hint, testId, width = 320 }: SearchBoxProps) {
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      description={hint}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', sm: width }}
      data-testid={testId}
    />
  );
}

/** Above a list: search and filters on the left, how many there are on the right. */
export function CrudToolbar({ children, count, testId }: { children: ReactNode; count?: string; testId: string }) {
  return (
    <Paper p="md" mb="md">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Group wrap="wrap" align="flex-start">
          {children}
        </Group>
        {count !== undefined && (
          <Text size="sm" c="dimmed" mt={8} data-testid={`${testId}-count`}>
            {count}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
