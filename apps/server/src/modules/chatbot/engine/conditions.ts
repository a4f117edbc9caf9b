/**
 * Which condition of a step an answer fires, in the order SPEC §4 gives: within business hours,
 * outside them, exact answer (R), whole word or phrase (Contain2), substring (Contain), any answer
 * (US). Within one type, the step's own order. A step that offers options (numbered text,
 * buttons, list) lets the customer answer with the option's label or its number: both are tried.
 */
import { FLOW_CONDITION_TYPES, type FlowCondition, type FlowStep } from '@prosa/contracts';

const fold = (s: string) => s.trim().toLocaleLowerCase('pt-BR');
/** Accents off too, for the "contains" types: "nao" finds "não". */
const loose = (s: string) => fold(s).normalize('NFD').replace(/\p{M}/gu, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The labels a step offers, in order (numbered from 1). */
export function optionsOf(step: FlowStep): string[] {
  const out: string[] = [];
  for (const i of step.interactions) {
    if (i.type === 'MessageOptionsField') out.push(...i.data.values);
    else if (i.type === 'ButtonsField') out.push(...i.data.buttons.map((b) => b.label));
    else if (i.type === 'ListField') out.push(...i.data.rows.map((r) => r.label));
  }
  return out;
}

/** The answer as typed, plus the option it names: "2" -> its label, a label -> its number. */
export function answersOf(text: string, options: string[]): string[] {
  const answers = [text.trim()];
  const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : 0;
  if (n >= 1 && n <= options.length) answers.push(options[n - 1]!);
  const at = options.findIndex((o) => fold(o) === fold(text));
  if (at >= 0) answers.push(String(at + 1), options[at]!);
  return answers;
}

function wholeWord(answer: string, phrase: string): boolean {
  const p = loose(phrase);
  if (!p) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(p)}($|[^\\p{L}\\p{N}])`, 'u').test(loose(answer));
}

export function matches(c: FlowCondition, answers: string[], open: boolean): boolean {
  switch (c.type) {
    case 'IN_BUSINESS_HOUR':
      return open;
    case 'OUT_OF_BUSINESS_HOUR':
      return !open;
    case 'R':
      return c.condition.some((v) => answers.some((a) => fold(a) === fold(v) && fold(v) !== ''));
    case 'Contain2':
      return c.condition.some((v) => answers.some((a) => wholeWord(a, v)));
    case 'Contain':
      return c.condition.some((v) => loose(v) !== '' && answers.some((a) => loose(a).includes(loose(v))));
    case 'US':
      return true;
  }
}

/** The condition the answer fires, or null (not understood). */
export function firstMatch(step: FlowStep, text: string, open: boolean): FlowCondition | null {
  const answers = answersOf(text, optionsOf(step));
  for (const type of FLOW_CONDITION_TYPES)
    for (const c of step.conditions) if (c.type === type && matches(c, answers, open)) return c;
  return null;
}

/** Whether the step itself decides what happens outside business hours (then outOpenHours waits). */
export const decidesHours = (step: FlowStep) =>
  step.conditions.some((c) => c.type === 'IN_BUSINESS_HOUR' || c.type === 'OUT_OF_BUSINESS_HOUR');
