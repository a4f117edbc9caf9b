/**
 * Filling a WhatsApp template's variables. Parameters are given in order: the header text's
 * variables, then the body's, then one per URL button with a variable. Positional templates use
 * {{1}}, {{2}}; named ones ({{first_name}}) are sent with their parameter_name.
 */
import type { WabaTemplateComponent } from '../../../platform/db/schema.js';

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The distinct variables of a text, in order of first appearance. */
export function variablesOf(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

const upper = (s: unknown) => (typeof s === 'string' ? s.toUpperCase() : '');
const find = (components: WabaTemplateComponent[], type: string) => components.find((c) => upper(c.type) === type);

function urlButtons(components: WabaTemplateComponent[]): { index: number; variables: string[] }[] {
  const buttons = find(components, 'BUTTONS')?.buttons ?? [];
  return buttons
    .map((b, index) => ({ index, variables: upper(b.type) === 'URL' ? variablesOf(typeof b.url === 'string' ? b.url : '') : [] }))
    .filter((b) => b.variables.length > 0);
}

/** The header's format (TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION), '' when there is no header. */
export function headerFormatOf(components: WabaTemplateComponent[]): string {
  const header = find(components, 'HEADER');
  return header ? upper(header.format) || 'TEXT' : '';
}
const MEDIA_HEADERS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/**
 * A header of image, video, document or location needs a media parameter the desk's chat does
 * not give; a campaign gives one (its file or a URL) for image, video and document headers.
 */
export function isSendable(components: WabaTemplateComponent[], withMedia = false): boolean {
  const format = headerFormatOf(components);
  return !format || format === 'TEXT' || (withMedia && MEDIA_HEADERS.has(format));
}

/** The header media by URL (`link`) or by an uploaded media id (`id`). */
export type HeaderMedia = { link: string } | { id: string };

/**
 * The `header` component of a send with a media header, as the Cloud API takes it:
 * { type: 'header', parameters: [{ type: 'image', image: { link } }] } (or `id`; a document may
 * carry its file name). See Meta's "Template media" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-media/
 */
export function headerMediaComponent(format: string, media: HeaderMedia, fileName?: string): Record<string, unknown> {
  const type = format.toLowerCase();
  const object = { ...media, ...(type === 'document' && fileName ? { filename: fileName.slice(0, 240) } : {}) };
  return { type: 'header', parameters: [{ type, [type]: object }] };
}

export function parameterCount(components: WabaTemplateComponent[]): number {
  return (
    variablesOf(find(components, 'HEADER')?.text).length +
    variablesOf(find(components, 'BODY')?.text).length +
    urlButtons(components).reduce((n, b) => n + b.variables.length, 0)
  );
}

/** Header, body and footer as one text (variables left as they are when no values are given). */
export function templateText(components: WabaTemplateComponent[], values?: Map<string, string>[]): string {
  const fill = (text: string | undefined, i: number) =>
    (text ?? '').replace(VARIABLE, (whole, name: string) => values?.[i]?.get(name) ?? whole);
  const header = find(components, 'HEADER');
  return [header && (!header.format || upper(header.format) === 'TEXT') ? fill(header.text, 0) : '', fill(find(components, 'BODY')?.text, 1), find(components, 'FOOTER')?.text ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n\n');
}

const param = (name: string, text: string) =>
  /^\d+$/.test(name) ? { type: 'text', text } : { type: 'text', parameter_name: name, text };

/**
 * The send request's components and the rendered text. Answers null when the number of
 * parameters does not match the template's variables. `headerMedia` (a campaign's) goes as the
 * header's parameter of an image, video or document header; without it nothing changes (the desk).
 */
export function renderTemplate(
  components: WabaTemplateComponent[],
  parameters: string[],
  opts: { headerMedia?: HeaderMedia; fileName?: string } = {},
): { text: string; components: Record<string, unknown>[] } | null {
  if (parameters.length !== parameterCount(components)) return null;
  let next = 0;
  const take = (vars: string[]) => new Map(vars.map((v) => [v, parameters[next++]!]));
  const header = take(variablesOf(find(components, 'HEADER')?.text));
  const body = take(variablesOf(find(components, 'BODY')?.text));
  const out: Record<string, unknown>[] = [];
  const format = headerFormatOf(components);
  if (opts.headerMedia && MEDIA_HEADERS.has(format)) out.push(headerMediaComponent(format, opts.headerMedia, opts.fileName));
  if (header.size) out.push({ type: 'header', parameters: [...header].map(([n, t]) => param(n, t)) });
  if (body.size) out.push({ type: 'body', parameters: [...body].map(([n, t]) => param(n, t)) });
  for (const b of urlButtons(components)) {
    const values = take(b.variables);
    out.push({ type: 'button', sub_type: 'url', index: String(b.index), parameters: [...values].map(([, t]) => ({ type: 'text', text: t })) });
  }
  return { text: templateText(components, [header, body]), components: out };
}
