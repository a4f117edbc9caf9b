/**
 * The payment-slip second-copy integration: the customer gives a CPF or CNPJ (check digits
 * validated with @brazilian-utils/brazilian-utils), Prosa asks the company's billing system for
 * its open slips (payment-slip-backends.ts: Asaas or Prosa's slip contract) and answers, per
 * slip, the due date, the value and the digitable line, then the slip PDF as a media reply.
 * Texts come from the i18n catalogue (`paymentSlip`) in the ticket's language (pt by default).
 *
 * The conversation: the first message may already hold the document; otherwise a polite prompt.
 * A message without a valid document asks again, at most MAX_TRIES times in all, then hands the
 * ticket to a person. Slips found or not found end the integration's conversation (`finish`);
 * a billing system that cannot answer is said politely and hands over (`provider-error`).
 */
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { uiCatalogues, type BotReply } from '@prosa/contracts';
import type { IntegrationConfig, IntegrationDriver, TurnContext, TurnResult } from './driver.js';
import { BillingDownError, findOpenSlips, slipBackendOf, type OpenSlip } from './payment-slip-backends.js';
import { callProvider, joinUrl, ProviderUrlError } from './provider-http.js';

export const MAX_TRIES = 3;

type Language = 'pt' | 'en' | 'es';
const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

export interface PaymentSlipState {
  /** Messages so far that held no valid document. */
  tries: number;
}

/** Runs of digits that may be a CPF or CNPJ, masks allowed (`529.982.247-25`, `11.222.333/0001-81`). */
export function documentCandidates(text: string): string[] {
  return (text.match(/\d[\d.\-/\s]*\d/g) ?? [])
    .map((m) => m.replace(/\D/g, ''))
    .filter((d) => d.length === 11 || d.length === 14);
}

export function validDocument(text: string): string | null {
  return documentCandidates(text).find((d) => (d.length === 11 ? isValidCpf(d) : isValidCnpj(d))) ?? null;
}

function texts(ctx: TurnContext) {
  const language: Language = ctx.language ?? 'pt';
  const t = uiCatalogues[language].paymentSlip;
  const fill = (s: string, vars: Record<string, string>) =>
    s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'BRL' });
  const date = new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', dateStyle: 'short' });
  const slipText = (s: OpenSlip) =>
    fill(s.overdue ? t.slipOverdue : t.slip, {
      dueDate: date.format(new Date(`${s.dueDate}T00:00:00Z`)),
      value: money.format(s.value),
      line: s.digitableLine ?? t.noLine,
    });
  return { t, fill, slipText };
}

const say = (body: string): BotReply => ({ kind: 'text', body });

async function answerSlips(cfg: IntegrationConfig, ctx: TurnContext, document: string): Promise<TurnResult> {
  const { t, fill, slipText } = texts(ctx);
  let slips: OpenSlip[];
  try {
    slips = await findOpenSlips(cfg, document, { allowPrivate: ctx.allowPrivate, signal: ctx.signal });
  } catch (err) {
    if (!(err instanceof BillingDownError) && !(err instanceof ProviderUrlError)) throw err;
    return {
      replies: [say(t.unavailable)],
      state: null,
      handover: { queueId: cfg.transferQueueId, reason: 'provider-error' },
    };
  }
  if (!slips.length) return { replies: [say(t.notFound)], state: null, finish: true };
  const replies: BotReply[] = [say(fill(t.found, { count: String(slips.length) }))];
  for (const s of slips) {
    replies.push(say(slipText(s)));
    if (s.pdfUrl)
      replies.push({ kind: 'media', mediaUrl: s.pdfUrl, caption: t.pdfCaption, name: `${s.id}.pdf`, type: 'document' });
  }
  return { replies, delaySeconds: cfg.delayMs / 1000, state: null, finish: true };
}

export const paymentSlipDriver: IntegrationDriver = {
  type: 'payment-slip',

  async turn(cfg, ctx) {
    const { t } = texts(ctx);
    const document = validDocument(ctx.message.body);
    if (document) return answerSlips(cfg, ctx, document);
    const previous = ctx.first ? null : ((ctx.state as PaymentSlipState | null) ?? null);
    // The opening message without any number is not a try: the customer has not been asked yet.
    if (!previous && !documentCandidates(ctx.message.body).length)
      return { replies: [say(t.askDocument)], state: { tries: 0 } satisfies PaymentSlipState };
    const tries = (typeof previous?.tries === 'number' ? previous.tries : 0) + 1;
    if (tries >= MAX_TRIES)
      return {
        replies: [say(t.tooManyTries)],
        state: null,
        handover: { queueId: cfg.transferQueueId, reason: 'requested' },
      };
    return { replies: [say(t.invalidDocument)], state: { tries } satisfies PaymentSlipState };
  },

  /** One real call with the configured key: Asaas' customer list, or the contract with a sample document. */
  async test(cfg, signal, opts) {
    const asaas = slipBackendOf(cfg) === 'asaas';
    const url = asaas
      ? joinUrl(cfg.url, '/customers', { limit: '1' })
      : joinUrl(cfg.url, '/slips', { document: '52998224725' });
    const headers: Record<string, string> = asaas
      ? { access_token: cfg.apiKey ?? '' }
      : cfg.apiKey
        ? { authorization: `Bearer ${cfg.apiKey}` }
        : {};
    try {
      const res = await callProvider({
        method: 'GET',
        url,
        headers,
        allowPrivate: opts?.allowPrivate ?? false,
        signal,
      });
      const detail = typeof res.json === 'string' ? res.json : JSON.stringify(res.json ?? '');
      const ok = (res.status >= 200 && res.status < 300) || (!asaas && res.status === 404);
      return { ok, status: res.status, detail: detail.slice(0, 500) };
    } catch (err) {
      return { ok: false, status: null, detail: (err as Error).message.slice(0, 500) };
    }
  },
};
