import { Avatar, type AvatarProps } from '@mantine/core';
import { memo } from 'react';

const COLORS = ['blue', 'cyan', 'grape', 'indigo', 'orange', 'pink', 'teal', 'violet', 'lime', 'red'] as const;

/** Two letters from the words that start with a letter ("Maria da Silva" -> MS, "Cliente 4" -> CL). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  const letters =
    words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? name.trim())].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

function colorOf(name: string): (typeof COLORS)[number] {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
  return COLORS[Math.abs(h) % COLORS.length]!;
}

/** A provider's picture when there is one (an absolute URL), else coloured initials. */
export const ContactAvatar = memo(function ContactAvatar({
  name,
  picture,
  ...props
}: { name: string; picture?: string | null } & Omit<AvatarProps, 'src' | 'color' | 'children'>) {
  const src = picture && /^https?:\/\//.test(picture) ? picture : null;
  return (
    <Avatar src={src} color={colorOf(name)} radius="xl" alt={name} {...props}>
      {initialsOf(name)}
    </Avatar>
  );
});
