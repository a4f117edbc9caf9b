/**
 * A Typebot chat answer (startChat / continueChat) as Prosa replies. The shape is Typebot's API
 * reference: https://docs.typebot.io/api-reference/chat/start-chat and
 * https://docs.typebot.io/api-reference/chat/continue-chat (schemas in
 * baptisteArno/typebot.io packages/chat-api/src/schemas.ts): `messages` are bubbles (text as
 * Slate rich text or markdown, image, video, audio, embed), `input` is what the bot waits for
 * (a "choice input" with `items`, a "picture choice input", a text input...), absent when the bot
 * has ended, and `clientSideActions` are what a web client would run.
 *
 * Handover to a person, as Prosa reads a flow (documented in the README's Typebot section):
 *  - Typebot's Chatwoot block (a `chatwoot` client-side action: "open the live chat"), or
 *  - a text bubble that reads exactly `#handover` (not relayed to the customer).
 */
import type { BotReply } from '@prosa/contracts';

export const HANDOVER_MARKER = '#handover';

interface Bubble {
  type?: string;
  content?: { type?: string; richText?: unknown; markdown?: string; url?: string; plainText?: string };
}
interface ChoiceItem {
  content?: string;
  title?: string;
}
export interface TypebotAnswer {
  sessionId?: string;
  messages?: Bubble[];
  input?: { type?: string; items?: ChoiceItem[]; options?: { buttonLabel?: string } } | null;
  clientSideActions?: Array<{ type?: string }>;
}

export interface ReadAnswer {
  replies: BotReply[];
  /** The bot waits for the customer (false: the flow ended). */
  waiting: boolean;
  handover: boolean;
  /** The choices the bot offers now (a numbered answer picks one of them). */
  choices: string[];
}

/** Slate rich text (`[{ type: 'p', children: [{ text }] }]`) as plain text, one line per block. */
export function richTextToPlain(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  const inline = (n: unknown): string => {
    if (!n || typeof n !== 'object') return '';
    const node = n as { text?: unknown; children?: unknown };
    if (typeof node.text === 'string') return node.text;
    return Array.isArray(node.children) ? node.children.map(inline).join('') : '';
  };
  return nodes.map(inline).join('\n').trim();
}

const fileName = (url: string, fallback: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || fallback);
  } catch {
    return fallback;
  }
};

function bubbleReply(b: Bubble): BotReply | 'handover' | null {
  const c = b.content ?? {};
  switch (b.type) {
    case 'text': {
      const text =
        c.type === 'markdown' ? (c.markdown ?? '').trim() : richTextToPlain(c.richText) || (c.plainText ?? '').trim();
      if (text.toLowerCase() === HANDOVER_MARKER) return 'handover';
      return text ? { kind: 'text', body: text } : null;
    }
    case 'image':
    case 'audio':
      return c.url
        ? { kind: 'media', mediaUrl: c.url, caption: '', name: fileName(c.url, b.type), type: b.type }
        : null;
    case 'video':
      // Only a direct file can go as a video; YouTube, Vimeo and the like go as their link.
      if (!c.url) return null;
      return !c.type || c.type === 'url'
        ? { kind: 'media', mediaUrl: c.url, caption: '', name: fileName(c.url, 'video'), type: 'video' }
        : { kind: 'text', body: c.url };
    case 'embed':
      return c.url ? { kind: 'text', body: c.url } : null;
    default:
      return null;
  }
}

/** Choices as buttons (up to 3, what WhatsApp allows) or a list; the question bubble becomes their body. */
function choiceReply(replies: BotReply[], labels: string[], buttonLabel: string): BotReply {
  const last = replies.at(-1);
  const body = last?.kind === 'text' ? (replies.pop(), last.body) : '';
  if (labels.length <= 3) return { kind: 'buttons', body, buttons: labels };
  return { kind: 'list', body, buttonText: buttonLabel, rows: labels.map((label) => ({ label, description: '' })) };
}

export function readAnswer(answer: TypebotAnswer): ReadAnswer {
  const replies: BotReply[] = [];
  let handover = false;
  for (const b of answer.messages ?? []) {
    const r = bubbleReply(b);
    if (r === 'handover') handover = true;
    else if (r) replies.push(r);
  }
  if ((answer.clientSideActions ?? []).some((a) => a.type === 'chatwoot')) handover = true;
  const input = answer.input ?? null;
  let choices: string[] = [];
  if (input && (input.type === 'choice input' || input.type === 'picture choice input')) {
    const labels = (input.items ?? []).map((i) => (i.content ?? i.title ?? '').trim()).filter((l) => l !== '');
    if (labels.length) replies.push(choiceReply(replies, labels, input.options?.buttonLabel ?? ''));
    choices = labels;
  }
  return { replies, waiting: input !== null, handover, choices };
}
