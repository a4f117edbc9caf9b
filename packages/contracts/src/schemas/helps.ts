/**
 * Help articles (SPEC §2 /ajuda, §7 /helps): title, description, a video and their order, written by
 * the platform operator and read by every company.
 */
import { z } from 'zod';
import { V, ZRequiredText } from './common.js';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The YouTube id of a video as people paste it: the 11-character id itself, or a watch, share,
 * embed or shorts link. Null for anything else.
 */
export function youtubeId(input: string): string | null {
  const s = input.trim();
  if (YOUTUBE_ID.test(s)) return s;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, rest] = url.pathname.split('/');
    id = kind === 'watch' ? url.searchParams.get('v') : kind === 'embed' || kind === 'shorts' ? (rest ?? null) : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const ZHelpInput = z.object({
  title: ZRequiredText(120),
  description: z.string().trim().max(5000, V.max).default(''),
  /** Empty, or a YouTube link or id. */
  video: z
    .string()
    .trim()
    .max(300, V.max)
    .refine((v) => v === '' || youtubeId(v) !== null, V.youtubeVideo)
    .default(''),
  position: z.coerce.number({ error: V.number }).int(V.integer).min(0, V.invalidValue).max(9999, V.max).default(0),
});
export type HelpInput = z.infer<typeof ZHelpInput>;

export const ZHelp = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  /** The YouTube id of `video`, null without one. */
  videoId: z.string().nullable(),
  position: z.number(),
  updatedAt: z.string(),
});
export type Help = z.infer<typeof ZHelp>;

/** `GET /helps/list`: a search over titles and descriptions, a page at a time. */
export const ZHelpListQuery = z.object({
  searchParam: z.string().trim().max(200, V.max).default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export const HELP_PAGE_SIZE = 50;
export const ZHelpListPage = z.object({ helps: z.array(ZHelp), count: z.number(), hasMore: z.boolean() });
export type HelpListPage = z.infer<typeof ZHelpListPage>;
