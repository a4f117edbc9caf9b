import type { WabaTemplate } from '@prosa/contracts';

/**
 * Filling a WhatsApp template in the picker. The server takes the parameters in one list, in this
 * order: the header text's variables, the body's, then those of each URL button (see the server's
 * channels/waba/templates/template-render.ts); `parameterCount` says how many it expects.
 */
export type TemplateComponent = WabaTemplate['components'][number];

export interface TemplateSlot {
  part: 'header' | 'body' | 'button';
  /** The variable as written between the braces: "1", "2" or a name like "first_name". */
  name: string;
  /** For a URL button, its position among the template's buttons (1-based, for the label). */
  button?: number;
}

export interface TemplatePreview {
  header: string;
  body: string;
  footer: string;
  buttons: string[];
}

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const upper = (s: unknown) => (typeof s === 'string' ? s.toUpperCase() : '');
const str = (s: unknown) => (typeof s === 'string' ? s : '');
const find = (components: TemplateComponent[], type: string) => components.find((c) => upper(c.type) === type);
const buttonsOf = (components: TemplateComponent[]) => {
  const list = find(components, 'BUTTONS')?.buttons;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
};
const textHeader = (components: TemplateComponent[]) => {
  const header = find(components, 'HEADER');
  return header && (!header.format || upper(header.format) === 'TEXT') ? str(header.text) : '';
};

/** The distinct variables of a text, in order of first appearance. */
export function variablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** What the agent fills in, in the order the server takes the parameters. */
export function templateSlots(components: TemplateComponent[]): TemplateSlot[] {
  const slots: TemplateSlot[] = [
    ...variablesOf(textHeader(components)).map((name) => ({ part: 'header' as const, name })),
    ...variablesOf(str(find(components, 'BODY')?.text)).map((name) => ({ part: 'body' as const, name })),
  ];
  buttonsOf(components).forEach((b, i) => {
    if (upper(b.type) !== 'URL') return;
    for (const name of variablesOf(str(b.url))) slots.push({ part: 'button', name, button: i + 1 });
  });
  return slots;
}

/** Whether the picker can send it: a text-only header and the variables the server counts. */
export function canFill(template: WabaTemplate): boolean {
  return template.sendable && templateSlots(template.components).length === template.parameterCount;
}

/**
 * The template as the customer will see it, with the values typed so far; an empty value leaves
 * its {{variable}} in place, so the agent sees what is still missing.
 */
export function previewTemplate(components: TemplateComponent[], values: readonly string[]): TemplatePreview {
  const slots = templateSlots(components);
  const valueOf = (part: TemplateSlot['part'], name: string, button?: number) => {
    const at = slots.findIndex((s) => s.part === part && s.name === name && s.button === button);
    const value = at >= 0 ? values[at]?.trim() : '';
    return value || undefined;
  };
  const fill = (text: string, part: TemplateSlot['part'], button?: number) =>
    text.replace(VARIABLE, (whole, name: string) => valueOf(part, name, button) ?? whole);
  return {
    header: fill(textHeader(components), 'header').trim(),
    body: fill(str(find(components, 'BODY')?.text), 'body').trim(),
    footer: str(find(components, 'FOOTER')?.text).trim(),
    buttons: buttonsOf(components)
      .map((b, i) =>
        upper(b.type) === 'URL' && str(b.url) ? `${str(b.text)} (${fill(str(b.url), 'button', i + 1)})` : str(b.text),
      )
      .filter(Boolean),
  };
}

/** Search by name (underscores and case ignored), e.g. "boas vindas" finds boas_vindas. */
export function matchesSearch(template: WabaTemplate, search: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[_\s]+/g, ' ')
      .trim();
  const term = norm(search);
  return !term || norm(template.name).includes(term);
}
