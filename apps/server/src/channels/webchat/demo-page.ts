/**
 * The demo site ("site de demonstração"): a newcomer picks a demo company and plays its customer
 * through the real widget, while answering as an agent in another tab. Every value placed in the
 * HTML is escaped; the key is only embedded when it has the shape of a widget key.
 */
import { createHash } from 'node:crypto';
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../../seed/demo.js';
import type { DemoChannel } from './webchat.queries.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Lang = 'pt' | 'en' | 'es';
const TEXTS: Record<string, Record<Lang, string>> = {
  title: { pt: 'Site de demonstração', en: 'Demo website', es: 'Sitio de demostración' },
  intro: {
    pt: 'Escolha uma empresa e faça o papel do cliente: abra o chat no canto da tela e mande uma mensagem.',
    en: 'Pick a company and play its customer: open the chat in the corner of the screen and send a message.',
    es: 'Elija una empresa y haga de cliente: abra el chat en la esquina de la pantalla y envíe un mensaje.',
  },
  none: {
    pt: 'Nenhuma empresa de demonstração ainda. Inicie o Prosa com DEMO=1.',
    en: 'No demo company yet. Start Prosa with DEMO=1.',
    es: 'Aún no hay empresas de demostración. Inicie Prosa con DEMO=1.',
  },
  agent: {
    pt: 'Para responder como atendente, entre no painel em outra aba com',
    en: 'To answer as an agent, sign in to the desk in another tab with',
    es: 'Para responder como agente, inicie sesión en el panel en otra pestaña con',
  },
  password: { pt: 'senha', en: 'password', es: 'contraseña' },
  open: { pt: 'Abrir o painel', en: 'Open the desk', es: 'Abrir el panel' },
  chat: {
    pt: 'Clique no balão no canto inferior direito para conversar com a empresa.',
    en: 'Click the bubble in the bottom right corner to chat with the company.',
    es: 'Haga clic en el globo en la esquina inferior derecha para conversar con la empresa.',
  },
  back: { pt: 'Voltar para a lista', en: 'Back to the list', es: 'Volver a la lista' },
  unknown: { pt: 'Site do cliente', en: 'Customer website', es: 'Sitio del cliente' },
};

const t = (key: keyof typeof TEXTS) => `<span data-i18n="${key}">${escapeHtml(TEXTS[key]!.pt)}</span>`;

function agentHint(companyName: string): string {
  const company = DEMO_COMPANIES.find((c) => c.name === companyName);
  const admin = company?.users[0];
  if (!admin) return '';
  return `<p class="hint">${t('agent')} <code>${escapeHtml(admin.email)}</code> / ${t('password')}
    <code>${escapeHtml(DEMO_PASSWORD)}</code>. <a href="/#/login" target="_blank" rel="noopener">${t('open')}</a></p>`;
}

/**
 * The page's one inline script (it translates the page to the browser's language). The same text
 * on every answer, so its hash goes in the page's Content-Security-Policy instead of 'unsafe-inline'.
 */
const I18N_SCRIPT = `
(function () {
  var texts = ${JSON.stringify(TEXTS).replace(/</g, '\\u003c')};
  var lang = String(navigator.language || 'pt').slice(0, 2).toLowerCase();
  if (lang !== 'en' && lang !== 'es') return;
  document.documentElement.lang = lang;
  document.querySelectorAll('[data-i18n]').forEach(function (el) {
    var entry = texts[el.getAttribute('data-i18n')];
    if (entry && entry[lang]) el.textContent = entry[lang];
  });
})();
`;
export const DEMO_SCRIPT_HASH = `'sha256-${createHash('sha256').update(I18N_SCRIPT).digest('base64')}'`;

export function renderDemoPage(list: DemoChannel[], key: string | undefined): string {
  const chosen = key ? list.find((c) => c.key === key) : undefined;
  let main: string;
  if (key) {
    const heading = chosen ? escapeHtml(chosen.companyName) : t('unknown');
    main = `<h1>${heading}</h1><p>${t('chat')}</p>${chosen ? agentHint(chosen.companyName) : ''}
      <p><a href="/demo">${t('back')}</a></p>
      <script src="/widget.js" data-key="${escapeHtml(key)}" async></script>`;
  } else {
    const items = list
      .map(
        (c) => `<li><a data-testid="prosa-demo-channel" href="/demo?key=${encodeURIComponent(c.key)}">
          <strong>${escapeHtml(c.companyName)}</strong> — ${escapeHtml(c.channelName)}</a></li>`,
      )
      .join('');
    main = `<h1>${t('title')}</h1><p>${t('intro')}</p>${items ? `<ul>${items}</ul>` : `<p>${t('none')}</p>`}`;
  }
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>Prosa — ${escapeHtml(chosen?.companyName ?? TEXTS.title!.pt)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1f2933; }
  main { max-width: 720px; margin: 0 auto; padding: 48px 24px; }
  ul { list-style: none; padding: 0; }
  li a { display: block; padding: 16px; margin: 8px 0; background: #fff; border-radius: 8px;
    border: 1px solid #dde1e6; color: inherit; text-decoration: none; }
  li a:hover, li a:focus { border-color: #1971c2; }
  .hint { background: #fff8e1; border: 1px solid #f1d48b; padding: 12px; border-radius: 8px; }
  header { background: #1971c2; color: #fff; padding: 12px 24px; font-weight: 600; }
</style>
</head>
<body>
<header>Prosa · ${t('title')}</header>
<main>${main}</main>
<script>${I18N_SCRIPT}</script>
</body>
</html>`;
}
