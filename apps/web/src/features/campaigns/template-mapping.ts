import type { TemplateInfo, TemplateParameterSource, WabaTemplate } from '@prosa/contracts';
import { previewTemplate, templateSlots } from '../attendance/templates/template-fill';
import type { SampleContact } from './campaign-preview';

/**
 * A template campaign in the form: the chosen template's slots (the desk's template-fill gives
 * them in the order the server takes the parameters), where each value comes from, and the text
 * an example contact would read.
 */
export type SourceKind = 'name' | 'number' | 'email' | 'extra' | 'text';
export const SOURCE_KINDS: SourceKind[] = ['name', 'number', 'email', 'extra', 'text'];

const upper = (s: unknown) => (typeof s === 'string' ? s.toUpperCase() : '');

export function headerFormat(template: WabaTemplate): string {
  const header = template.components.find((c) => upper(c.type) === 'HEADER');
  return header ? upper(header.format) || 'TEXT' : '';
}

/** What ZCampaignForm checks of the template (the server reads the same from its row). */
export const infoOf = (template: WabaTemplate): NonNullable<TemplateInfo> => ({
  parameterCount: template.parameterCount,
  headerFormat: headerFormat(template),
});

/** Templates a campaign can send: no location header (there are no coordinates to map). */
export const campaignCanSend = (template: WabaTemplate) =>
  headerFormat(template) !== 'LOCATION' && templateSlots(template.components).length === template.parameterCount;

export const kindOf = (s: TemplateParameterSource): SourceKind => (s.source === 'field' ? s.field : s.source);

/** A source of that kind, keeping what was typed when it stays a text-like one. */
export function sourceOf(kind: SourceKind, value = ''): TemplateParameterSource {
  if (kind === 'extra') return { source: 'extra', name: value };
  if (kind === 'text') return { source: 'text', text: value };
  return { source: 'field', field: kind };
}
export const valueOfSource = (s: TemplateParameterSource) => (s.source === 'extra' ? s.name : s.source === 'text' ? s.text : '');

/** The example contact's value: its field, `[field name]` for an extra field, or the text. */
function sampleValue(s: TemplateParameterSource | undefined, sample: SampleContact): string {
  if (!s) return '';
  if (s.source === 'text') return s.text;
  if (s.source === 'extra') return s.name.trim() ? `[${s.name.trim()}]` : '';
  return sample[s.field];
}

/** Header, body, footer and buttons as the example contact would read them. */
export function campaignTemplateText(template: WabaTemplate, sources: TemplateParameterSource[], sample: SampleContact): string {
  const p = previewTemplate(
    template.components,
    templateSlots(template.components).map((_, i) => sampleValue(sources[i], sample)),
  );
  return [p.header, p.body, p.footer, ...p.buttons.map((b) => `[ ${b} ]`)].filter(Boolean).join('\n\n');
}
