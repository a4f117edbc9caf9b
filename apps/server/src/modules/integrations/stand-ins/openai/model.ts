/**
 * The stand-in's "model": deterministic answers that prove what arrived. A customer asking for a
 * person (atendente, humano, pessoa, human, agent, persona...) gets a call of the request's
 * handover tool; anything else is echoed with the system prompt (or instructions / prompt id) and
 * the number of turns the model saw.
 */
import type { Json } from './fixtures.js';

const PERSON = /\b(atendente|humano|humana|pessoa|human|agent|agente|person|persona|operador|operator)\b/i;

export const asksForPerson = (text: string) => PERSON.test(text);

/** A message's text: a string, or the text parts of an array of content parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((p) =>
        p && typeof p === 'object' && typeof (p as Json).text === 'string' ? ((p as Json).text as string) : '',
      )
      .join('');
  return '';
}

/** The function tool to call for a handover: the one named like a transfer, else the first. */
export function handoverToolOf(tools: unknown, responsesShape: boolean): string | null {
  if (!Array.isArray(tools)) return null;
  const names = tools
    .filter((t): t is Json => !!t && typeof t === 'object' && (t as Json).type === 'function')
    .map((t) => (responsesShape ? t.name : (t.function as Json | undefined)?.name))
    .filter((n): n is string => typeof n === 'string');
  return names.find((n) => /transfer|human|handover|handoff/i.test(n)) ?? names[0] ?? null;
}

/** The echo: `system`, the turns seen and the last customer message. */
export function echo(p: { system: string | null; turns: number; last: string; json: boolean }): string {
  const text = `[system: ${p.system ?? '-'}] [turns: ${p.turns}] ${p.last}`;
  return p.json ? JSON.stringify({ reply: text }) : text;
}

/**
 * The words a stand-in "transcription" finds in an audio file: the bytes themselves when they are
 * printable UTF-8 text (tests send a phrase as the audio), else a fixed text naming the file.
 */
export function transcriptOf(data: Uint8Array, fileName: string): string {
  const text = Buffer.from(data).toString('utf8');
  // eslint-disable-next-line no-control-regex -- printable means no control characters but line breaks
  if (text && !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F]/.test(text)) return text.trim();
  return `audio ${fileName} (${data.length} bytes)`;
}
