import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** What a typed search becomes before it is asked for: trimmed, and empty when too short to ask. */
export function normalizeSearch(raw: string, minLength = 0): string {
  const s = raw.trim();
  return s.length >= Math.max(minLength, 1) ? s : '';
}

/**
 * The search box's text, and the term the list asks for once typing pauses: one request per
 * pause, not per key. `minLength` (SPEC §5: contacts need two letters) asks for nothing below it.
 */
export function useDebouncedSearch(delay = 300, minLength = 0) {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(normalizeSearch(value, minLength), delay);
  const tooShort = minLength > 1 && value.trim().length > 0 && value.trim().length < minLength;
  return { value, setValue, debounced, tooShort };
}
