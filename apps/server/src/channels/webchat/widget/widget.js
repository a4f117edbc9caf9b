/*
 * Prosa web chat widget. Any website includes it with one tag:
 *   <script src="https://HOST/widget.js" data-key="KEY" async></script>
 * Vanilla ES2019 in an IIFE, rendered in a shadow root so the host page's CSS cannot break it.
 * Security: message text is only ever set with textContent (never innerHTML), and the visitor's
 * token is sent as a bearer header (no cookies), so the host page gets nothing it did not have.
 */
/* global window, document, navigator, localStorage, location, crypto, fetch, setTimeout, setInterval, clearInterval, URL, Blob, MediaRecorder */
(function () {
  'use strict';
  var script =
    document.currentScript || document.querySelector('script[data-key][src*="widget.js"]');
  if (!script) return;
  var KEY = script.getAttribute('data-key') || '';
  var ORIGIN = new URL(script.src, location.href).origin;
  var API = ORIGIN + '/webchat/' + encodeURIComponent(KEY);
  window.__prosaWebchat = window.__prosaWebchat || {};
  if (!KEY || window.__prosaWebchat[KEY]) return;
  window.__prosaWebchat[KEY] = true;

  var TEXTS = {
    pt: {
      open: 'Abrir o chat', close: 'Fechar o chat', title: 'Fale conosco',
      hello: 'Olá! Como podemos ajudar?', intro: 'Antes de começar, como podemos chamar você?',
      name: 'Seu nome', email: 'Seu e-mail (opcional)', start: 'Começar conversa',
      placeholder: 'Escreva sua mensagem…', send: 'Enviar', sending: 'Enviando…',
      failed: 'Não enviada. Toque para tentar de novo.', unavailable: 'Chat indisponível no momento.',
      badEmail: 'E-mail inválido.', you: 'Você', agent: 'Atendente',
      edited: 'editada', deleted: 'Mensagem apagada', reaction: 'Reação do atendimento',
      ended: 'Conversa encerrada. Escreva quando quiser para começar outra.', rate: 'Sua nota de 1 a 5', rateN: 'Nota',
      record: 'Gravar mensagem de voz', stopSend: 'Enviar mensagem de voz', discard: 'Descartar gravação',
      voice: 'Mensagem de voz', file: 'Arquivo', speed: 'Velocidade', noMic: 'Não foi possível usar o microfone.',
    },
    en: {
      open: 'Open chat', close: 'Close chat', title: 'Talk to us',
      hello: 'Hi! How can we help?', intro: 'Before we start, what should we call you?',
      name: 'Your name', email: 'Your email (optional)', start: 'Start chat',
      placeholder: 'Write your message…', send: 'Send', sending: 'Sending…',
      failed: 'Not sent. Tap to try again.', unavailable: 'Chat unavailable right now.',
      badEmail: 'Invalid email.', you: 'You', agent: 'Agent',
      edited: 'edited', deleted: 'Message deleted', reaction: 'Reaction from support',
      ended: 'Conversation ended. Write any time to start a new one.', rate: 'Your rating from 1 to 5', rateN: 'Rating',
      record: 'Record a voice message', stopSend: 'Send the voice message', discard: 'Discard the recording',
      voice: 'Voice message', file: 'File', speed: 'Speed', noMic: "Couldn't use the microphone.",
    },
    es: {
      open: 'Abrir el chat', close: 'Cerrar el chat', title: 'Hable con nosotros',
      hello: '¡Hola! ¿Cómo podemos ayudar?', intro: 'Antes de empezar, ¿cómo podemos llamarle?',
      name: 'Su nombre', email: 'Su correo (opcional)', start: 'Iniciar conversación',
      placeholder: 'Escriba su mensaje…', send: 'Enviar', sending: 'Enviando…',
      failed: 'No enviado. Toque para intentar de nuevo.', unavailable: 'Chat no disponible en este momento.',
      badEmail: 'Correo inválido.', you: 'Usted', agent: 'Agente',
      edited: 'editado', deleted: 'Mensaje borrado', reaction: 'Reacción de la atención',
      ended: 'Conversación finalizada. Escriba cuando quiera para iniciar otra.', rate: 'Su nota de 1 a 5', rateN: 'Nota',
      record: 'Grabar mensaje de voz', stopSend: 'Enviar el mensaje de voz', discard: 'Descartar la grabación',
      voice: 'Mensaje de voz', file: 'Archivo', speed: 'Velocidad', noMic: 'No se pudo usar el micrófono.',
    },
  };
  var lang = String(navigator.language || 'pt').slice(0, 2).toLowerCase();
  var T = TEXTS[lang] || TEXTS.pt;

  var STORE = 'prosa-webchat:' + KEY;
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || 'null'); } catch { return null; }
  }
  function save(v) {
    try { if (v) localStorage.setItem(STORE, JSON.stringify(v)); else localStorage.removeItem(STORE); } catch { /* private mode */ }
  }
  function newId() {
    if (window.crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text != null) e.textContent = text;
    return e;
  }
  function wait(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  async function api(method, path, body, token) {
    var headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    var res = await fetch(API + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'omit' });
    var data = null;
    try { data = await res.json(); } catch { /* empty body */ }
    if (!res.ok) { var err = new Error((data && data.error) || 'HTTP ' + res.status); err.status = res.status; throw err; }
    return data;
  }

  // A voice note goes as the recording's bytes; a file comes back as a Blob (bearer token, no cookie).
  async function upload(path, blob, token) {
    var res = await fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': (blob.type || 'application/octet-stream').split(';')[0], authorization: 'Bearer ' + token },
      body: blob,
      credentials: 'omit',
    });
    var data = null;
    try { data = await res.json(); } catch { /* empty body */ }
    if (!res.ok) { var err = new Error((data && data.error) || 'HTTP ' + res.status); err.status = res.status; throw err; }
    return data;
  }
  async function fetchFile(id) {
    var res = await fetch(API + '/media/' + id, { headers: { authorization: 'Bearer ' + session.visitorToken }, credentials: 'omit' });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    return res.blob();
  }
  // A file that did not load (a network blip, a busy server) is asked for again twice, 1 s and 3 s
  // later, instead of leaving a player that never plays.
  function fetchFileRetrying(id) {
    var wait = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
    return fetchFile(id)
      .catch(function () { return wait(1000).then(function () { return fetchFile(id); }); })
      .catch(function () { return wait(2000).then(function () { return fetchFile(id); }); });
  }

  // ---------- UI ----------
  var host = el('div', { id: 'prosa-webchat-' + KEY });
  var root = host.attachShadow({ mode: 'open' });
  var style = el('style');
  style.textContent = [
    ':host{all:initial}',
    '*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    '.bubble{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#1971c2;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000;display:flex;align-items:center;justify-content:center}',
    '.bubble svg{width:28px;height:28px}',
    '.bubble:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #f59f00;outline-offset:2px}',
    '.badge{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;border-radius:10px;background:#e03131;color:#fff;font-size:12px;line-height:20px;padding:0 5px}',
    '.panel{position:fixed;right:20px;bottom:88px;width:360px;max-width:calc(100vw - 24px);height:520px;max-height:calc(100vh - 110px);background:#fff;color:#1f2933;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden;z-index:2147483000;font-size:14px}',
    '.panel[hidden]{display:none}',
    '.head{background:#1971c2;color:#fff;padding:12px 14px;display:flex;align-items:center;justify-content:space-between;font-weight:600}',
    '.head button{background:none;border:0;color:#fff;font-size:20px;cursor:pointer}',
    '.log{flex:1;overflow-y:auto;padding:12px;background:#f6f7f9;display:flex;flex-direction:column;gap:6px}',
    '.msg{max-width:80%;padding:8px 10px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word;overflow-wrap:anywhere}',
    '.them{align-self:flex-start;background:#fff;border:1px solid #dde1e6}',
    '.me{align-self:flex-end;background:#d0ebff}',
    '.note{align-self:center;color:#52606d;font-size:13px;text-align:center}',
    '.meta{display:block;font-size:11px;color:#52606d;margin-top:2px}',
    '.failed{cursor:pointer;background:#ffe3e3}',
    '.deleted>.text{font-style:italic;color:#52606d}',
    '.edited{display:block;font-size:11px;font-style:italic;color:#52606d}',
    '.reaction{display:inline-block;margin-top:3px;padding:0 6px;border-radius:10px;background:#fff;border:1px solid #dde1e6;font-size:13px}',
    '.reaction:empty{display:none}',
    '.form,.compose{padding:10px;display:flex;gap:8px;border-top:1px solid #dde1e6}',
    '.form{flex-direction:column;border:0}',
    'input,textarea{width:100%;border:1px solid #cbd2d9;border-radius:8px;padding:8px;font-size:14px;resize:none;color:#1f2933;background:#fff}',
    '.primary{background:#1971c2;color:#fff;border:0;border-radius:8px;padding:8px 14px;cursor:pointer;font-size:14px}',
    '.error{color:#c92a2a;font-size:13px;min-height:1em}',
    '.ended{align-self:stretch;border-top:1px solid #cbd2d9;padding-top:6px;margin-top:4px}',
    '.rating{align-self:flex-start;display:flex;gap:6px;flex-wrap:wrap}',
    '.voice{display:flex;flex-direction:column;gap:4px}',
    '.voice audio{width:220px;max-width:100%;height:36px}',
    '.speed,.filebtn{align-self:flex-start;border:1px solid #1971c2;background:#fff;color:#1971c2;border-radius:12px;font-size:12px;padding:1px 8px;cursor:pointer}',
    '.icon{background:none;border:1px solid #cbd2d9;border-radius:8px;color:#1f2933;cursor:pointer;min-width:38px;font-size:16px}',
    '.rec{display:flex;align-items:center;gap:8px;flex:1;color:#c92a2a;font-variant-numeric:tabular-nums}',
    '.dot{width:10px;height:10px;border-radius:50%;background:#e03131}',
    '.rating button{min-width:36px;height:36px;border-radius:18px;border:1px solid #1971c2;background:#fff;color:#1971c2;font-size:15px;cursor:pointer}',
  ].join('\n');
  root.appendChild(style);

  var bubble = el('button', { class: 'bubble', type: 'button', 'aria-label': T.open, 'aria-expanded': 'false', 'data-testid': 'prosa-webchat-bubble' });
  // A drawn icon, not an emoji: some systems have no emoji font.
  var icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  var iconPath = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  iconPath.setAttribute('d', 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z');
  iconPath.setAttribute('fill', 'currentColor');
  icon.appendChild(iconPath);
  bubble.appendChild(icon);
  var badge = el('span', { class: 'badge', hidden: '' });
  bubble.appendChild(badge);
  var panel = el('div', { class: 'panel', role: 'dialog', 'aria-label': T.title, hidden: '' });
  var head = el('div', { class: 'head' });
  var titleEl = el('span', {}, T.title);
  var closeBtn = el('button', { type: 'button', 'aria-label': T.close }, '×');
  head.appendChild(titleEl);
  head.appendChild(closeBtn);
  var log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite' });
  var body = el('div', { style: 'display:contents' });
  panel.appendChild(head);
  panel.appendChild(log);
  panel.appendChild(body);
  root.appendChild(panel);
  root.appendChild(bubble);

  // ---------- state ----------
  var session = load();
  var socket = null;
  var opened = false;
  var unread = [];
  var shown = {}; // message id -> element
  var pending = []; // outgoing sends not confirmed yet: { clientId, text, node }
  var greeting = null;
  var endNote = null; // the "conversation ended" line, after the last message of a closed conversation
  var ratingRow = null; // the 1-5 buttons while a rating is awaited

  function scrollDown() { log.scrollTop = log.scrollHeight; }
  function timeOf(iso) {
    try { return new Date(iso).toLocaleTimeString(navigator.language || 'pt-BR', { hour: '2-digit', minute: '2-digit' }); } catch { return ''; }
  }
  function note(text) { var n = el('div', { class: 'note' }, text); log.appendChild(n); scrollDown(); return n; }
  function setBadge() {
    badge.textContent = String(unread.length);
    if (unread.length) badge.removeAttribute('hidden'); else badge.setAttribute('hidden', '');
  }
  function showGreeting(text) {
    if (!greeting) greeting = log.insertBefore(el('div', { class: 'note' }), log.firstChild);
    greeting.textContent = text || T.hello;
  }

  function messageNode(fromAgent, text, meta, file) {
    var n = el('div', { class: 'msg ' + (fromAgent ? 'them' : 'me'), 'data-testid': 'prosa-webchat-message' });
    n.appendChild(el('span', { class: 'text' }, text)); // textContent only: a message can never inject HTML
    if (file) n.appendChild(fileNode(file));
    n.appendChild(el('span', { class: 'meta' }, meta || ''));
    log.appendChild(n);
    scrollDown();
    return n;
  }
  function setMeta(node, text) { node.lastChild.textContent = text; }

  // A file of the conversation: audio plays here (1x / 1.5x / 2x), anything else downloads.
  // file: { id } to fetch from the server, or { blob } for this tab's own recording.
  function fileNode(file) {
    var box = el('span', { class: 'voice' });
    var load = file.blob ? Promise.resolve(file.blob) : fetchFileRetrying(file.id);
    if (file.mediaType !== 'audio') {
      var b = el('button', { type: 'button', class: 'filebtn', 'data-testid': 'prosa-webchat-file' }, T.file);
      b.addEventListener('click', function () {
        load.then(function (blob) {
          var a = el('a', { href: URL.createObjectURL(blob), download: 'arquivo' });
          a.click();
        }).catch(function () {});
      });
      box.appendChild(b);
      return box;
    }
    var audio = el('audio', { controls: '', preload: 'metadata', 'aria-label': T.voice, 'data-testid': 'prosa-webchat-audio' });
    var rates = [1, 1.5, 2];
    var speed = el('button', { type: 'button', class: 'speed', 'aria-label': T.speed, 'data-testid': 'prosa-webchat-speed' }, '1x');
    speed.addEventListener('click', function () {
      var next = rates[(rates.indexOf(audio.playbackRate) + 1) % rates.length] || 1;
      audio.defaultPlaybackRate = next;
      audio.playbackRate = next;
      speed.textContent = next + 'x';
    });
    load.then(function (blob) { audio.src = URL.createObjectURL(blob); }).catch(function () {});
    box.appendChild(audio);
    box.appendChild(speed);
    return box;
  }
  // The support side reacted to, edited or deleted a message: { id, reaction } | { id, body, edited } | { id, deleted }.
  // Or the conversation ended (or its rating was given) with no message saying so: { ended, rating }.
  function applyUpdate(u) {
    if (u && u.id === undefined && typeof u.ended === 'boolean') return showEndState(u);
    var n = u && shown[u.id];
    if (!n || !n.firstChild) return;
    var part = function (cls, attrs) {
      var found = n.querySelector('.' + cls);
      if (!found) { found = el('span', Object.assign({ class: cls }, attrs || {})); n.insertBefore(found, n.lastChild); }
      return found;
    };
    if (u.deleted) {
      n.classList.add('deleted');
      n.firstChild.textContent = T.deleted;
      ['edited', 'reaction'].forEach(function (cls) { var x = n.querySelector('.' + cls); if (x) x.remove(); });
      return;
    }
    if (n.classList.contains('deleted')) return;
    if (typeof u.body === 'string') {
      n.firstChild.textContent = u.body;
      part('edited', { 'data-testid': 'prosa-webchat-edited' }).textContent = T.edited;
    }
    if (typeof u.reaction === 'string') {
      var r = part('reaction', { 'aria-label': T.reaction, 'data-testid': 'prosa-webchat-reaction' });
      r.textContent = u.reaction;
    }
  }

  // The end of a conversation: one notice after its last message, and the 1-5 rating buttons
  // while the rating is awaited. Anything newer takes them away (a new conversation has begun).
  function clearEndState() {
    if (endNote) { endNote.remove(); endNote = null; }
    if (ratingRow) { ratingRow.remove(); ratingRow = null; }
  }
  function showEndState(m) {
    clearEndState();
    if (!m.ended) return;
    endNote = note(T.ended);
    endNote.classList.add('ended');
    endNote.setAttribute('data-testid', 'prosa-webchat-ended');
    if (!m.rating) return;
    ratingRow = el('div', { class: 'rating', role: 'group', 'aria-label': T.rate, 'data-testid': 'prosa-webchat-rating' });
    [1, 2, 3, 4, 5].forEach(function (n) {
      var b = el('button', { type: 'button', 'aria-label': T.rateN + ' ' + n, 'data-testid': 'prosa-webchat-rate-' + n }, String(n));
      b.addEventListener('click', function () { send(String(n)); });
      ratingRow.appendChild(b);
    });
    log.appendChild(ratingRow);
    scrollDown();
  }

  function ack(id, status) {
    if (socket) socket.emit('ack', { id: id, status: status }); // buffered until connected
  }
  // History carries what happened to a message since it was written (also after a dropped socket).
  function applyState(m) {
    if (m.isDeleted) return applyUpdate({ id: m.id, deleted: true });
    if (m.isEdited) applyUpdate({ id: m.id, body: m.body, edited: true });
    if (typeof m.reaction === 'string') applyUpdate({ id: m.id, reaction: m.reaction });
  }
  function show(m) {
    if (shown[m.id]) { if (typeof m.isDeleted === 'boolean') applyState(m); return; }
    if (!m.fromMe) {
      // The echo of this tab's own send arrives before its POST answers: the POST will place it.
      for (var i = 0; i < pending.length; i++) if (m.media ? pending[i].blob : pending[i].text === m.body) return;
    }
    // An agent's signed reply is labelled with the agent's name (the signature), else "Agent".
    var who = m.fromMe ? m.senderName || T.agent : T.you;
    shown[m.id] = messageNode(m.fromMe, m.body, who + ' · ' + timeOf(m.createdAt), m.media ? { id: m.id, mediaType: m.mediaType } : null);
    if (typeof m.isDeleted === 'boolean') applyState(m);
    showEndState(m);
    if (m.fromMe && m.status !== 'read') {
      if (opened && document.visibilityState === 'visible') ack(m.id, 'read');
      else { if (m.status !== 'delivered') ack(m.id, 'delivered'); unread.push(m.id); setBadge(); }
    }
  }

  // ---------- session, history, live ----------
  async function startSession(name, email) {
    var input = {};
    if (session) { input.visitorId = session.visitorId; input.visitorToken = session.visitorToken; }
    if (name != null) input.name = name;
    if (email != null) input.email = email;
    var s = await api('POST', '/session', input);
    session = { visitorId: s.visitorId, visitorToken: s.visitorToken };
    save(session);
    titleEl.textContent = s.channel.name || T.title;
    showGreeting(s.channel.greeting);
    return s;
  }
  async function loadHistory() {
    var list = await api('GET', '/messages', null, session.visitorToken);
    list.forEach(show);
  }
  function connect() {
    if (socket || !window.__prosaIo) return;
    socket = window.__prosaIo(ORIGIN + '/webchat', {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: session.visitorToken },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    socket.on('message', show);
    socket.on('update', applyUpdate);
    // After a drop, fetch what arrived meanwhile (shown ones are skipped by id).
    socket.io.on('reconnect', function () { loadHistory().catch(function () {}); });
  }
  function loadSocketClient() {
    return new Promise(function (resolve) {
      if (window.__prosaIo) return resolve();
      var previous = window.io; // the host page may use its own socket.io client: keep it
      var s = document.createElement('script');
      s.src = ORIGIN + '/webchat/socket.io.min.js';
      s.async = true;
      s.onload = function () { window.__prosaIo = window.io; window.io = previous; resolve(); };
      s.onerror = function () { resolve(); };
      document.head.appendChild(s);
    });
  }
  async function begin(name, email) {
    await startSession(name, email);
    await loadSocketClient();
    connect(); // first, so nothing sent during the history load is missed (shown ones skip by id)
    await loadHistory();
  }

  // ---------- sending ----------
  async function deliver(p) {
    for (var attempt = 0; attempt < 3; attempt++) {
      try {
        // The same clientId on every retry: the server stores one message however many arrive.
        var r = p.blob
          ? await upload('/voice?clientId=' + encodeURIComponent(p.clientId), p.blob, session.visitorToken)
          : await api('POST', '/messages', { text: p.text, clientId: p.clientId }, session.visitorToken);
        pending.splice(pending.indexOf(p), 1);
        if (shown[r.id]) { p.node.remove(); return; }
        shown[r.id] = p.node;
        setMeta(p.node, T.you + ' · ' + timeOf(new Date().toISOString()));
        return;
      } catch (e) {
        if (e.status === 400 || e.status === 413 || e.status === 415) break;
        if (e.status === 401) { await startSession().catch(function () {}); continue; }
        await wait(e.status === 429 ? 5000 : 1000 * (attempt + 1));
      }
    }
    p.node.classList.add('failed');
    setMeta(p.node, T.failed);
    p.node.setAttribute('role', 'button');
    p.node.setAttribute('tabindex', '0');
  }
  function retry(p) {
    if (!p.node.classList.contains('failed')) return;
    p.node.classList.remove('failed');
    p.node.removeAttribute('role');
    setMeta(p.node, T.sending);
    deliver(p);
  }
  function sendVoice(blob) {
    if (!session || !blob.size) return;
    var p = { clientId: newId(), text: null, blob: blob, node: null };
    clearEndState();
    p.node = messageNode(false, '', T.sending, { blob: blob, mediaType: 'audio' });
    p.node.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') retry(p); });
    p.node.lastChild.addEventListener('click', function () { retry(p); });
    pending.push(p);
    deliver(p);
  }

  // Recording: what the browser records best for a voice note (Opus; the server makes it OGG).
  var REC_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
  function canRecord() { return typeof MediaRecorder !== 'undefined' && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia); }
  async function startRecording() {
    var stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    var type = REC_TYPES.filter(function (t) { return MediaRecorder.isTypeSupported(t); })[0];
    var opts = { audioBitsPerSecond: 32000 };
    if (type) opts.mimeType = type;
    var rec = new MediaRecorder(stream, opts);
    var chunks = [];
    rec.ondataavailable = function (e) { if (e.data && e.data.size) chunks.push(e.data); };
    var stopped = new Promise(function (r) { rec.onstop = r; });
    var release = function () { stream.getTracks().forEach(function (t) { t.stop(); }); };
    rec.start(250);
    return {
      stop: async function () {
        if (rec.state !== 'inactive') rec.stop();
        await stopped;
        release();
        return new Blob(chunks, { type: rec.mimeType || type || 'audio/webm' });
      },
      cancel: function () { if (rec.state !== 'inactive') rec.stop(); release(); },
    };
  }

  function send(text) {
    text = text.trim();
    if (!text || !session) return;
    var p = { clientId: newId(), text: text.slice(0, 4096), node: null };
    clearEndState();
    p.node = messageNode(false, p.text, T.sending);
    p.node.addEventListener('click', function () { retry(p); });
    p.node.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') retry(p); });
    pending.push(p);
    deliver(p);
  }

  // ---------- views ----------
  function composeView() {
    body.textContent = '';
    var form = el('form', { class: 'compose' });
    var input = el('textarea', { rows: '1', maxlength: '4096', placeholder: T.placeholder, 'aria-label': T.placeholder, 'data-testid': 'prosa-webchat-input' });
    var btn = el('button', { type: 'submit', class: 'primary', 'data-testid': 'prosa-webchat-send' }, T.send);
    form.appendChild(input);
    if (canRecord()) form.appendChild(micButton(form, input, btn));
    form.appendChild(btn);
    form.addEventListener('submit', function (ev) { ev.preventDefault(); send(input.value); input.value = ''; input.focus(); });
    input.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) { ev.preventDefault(); btn.click(); }
    });
    body.appendChild(form);
    input.focus();
  }
  // The microphone: recording shows the running time with discard and send in place of the input.
  function micButton(form, input, btn) {
    var mic = el('button', { type: 'button', class: 'icon', 'aria-label': T.record, title: T.record, 'data-testid': 'prosa-webchat-record' }, '🎤');
    mic.addEventListener('click', async function () {
      var recording;
      try { recording = await startRecording(); } catch { note(T.noMic); return; }
      var started = Date.now();
      var bar = el('div', { class: 'rec', 'data-testid': 'prosa-webchat-recording' });
      var dot = el('span', { class: 'dot', 'aria-hidden': 'true' });
      var clock = el('span', { 'data-testid': 'prosa-webchat-elapsed' }, '0:00');
      bar.appendChild(dot);
      bar.appendChild(clock);
      var discard = el('button', { type: 'button', class: 'icon', 'aria-label': T.discard, title: T.discard, 'data-testid': 'prosa-webchat-discard' }, '✕');
      var done = el('button', { type: 'button', class: 'primary', 'aria-label': T.stopSend, 'data-testid': 'prosa-webchat-send-voice' }, '➤');
      var tick = setInterval(function () {
        var s = Math.floor((Date.now() - started) / 1000);
        clock.textContent = Math.floor(s / 60) + ':' + ('0' + (s % 60)).slice(-2);
        dot.style.opacity = Math.floor((Date.now() - started) / 500) % 2 ? '0.3' : '1';
      }, 250);
      var parts = [input, mic, btn];
      parts.forEach(function (x) { x.remove(); });
      [discard, bar, done].forEach(function (x) { form.appendChild(x); });
      var finish = function () {
        clearInterval(tick);
        [discard, bar, done].forEach(function (x) { x.remove(); });
        parts.forEach(function (x) { form.appendChild(x); });
      };
      discard.addEventListener('click', function () { recording.cancel(); finish(); mic.focus(); });
      done.addEventListener('click', async function () {
        done.disabled = true;
        var blob = await recording.stop();
        finish();
        sendVoice(blob);
        mic.focus();
      });
      done.focus();
    });
    return mic;
  }

  function startView() {
    body.textContent = '';
    var form = el('form', { class: 'form' });
    form.appendChild(el('div', {}, T.intro));
    var name = el('input', { type: 'text', maxlength: '80', autocomplete: 'name', placeholder: T.name, 'aria-label': T.name, 'data-testid': 'prosa-webchat-name' });
    var email = el('input', { type: 'email', maxlength: '200', autocomplete: 'email', placeholder: T.email, 'aria-label': T.email, 'data-testid': 'prosa-webchat-email' });
    var error = el('div', { class: 'error', role: 'alert' });
    var btn = el('button', { type: 'submit', class: 'primary', 'data-testid': 'prosa-webchat-start' }, T.start);
    [name, email, error, btn].forEach(function (n) { form.appendChild(n); });
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      btn.disabled = true;
      begin(name.value.trim(), email.value.trim())
        .then(composeView)
        .catch(function (e) { error.textContent = e.status === 400 ? T.badEmail : T.unavailable; })
        .then(function () { btn.disabled = false; });
    });
    body.appendChild(form);
    name.focus();
  }

  function setOpen(v) {
    opened = v;
    bubble.setAttribute('aria-expanded', String(v));
    bubble.setAttribute('aria-label', v ? T.close : T.open);
    if (!v) { panel.setAttribute('hidden', ''); bubble.focus(); return; }
    panel.removeAttribute('hidden');
    unread.forEach(function (id) { ack(id, 'read'); });
    unread = [];
    setBadge();
    if (!session) { showGreeting(); startView(); } else if (!body.firstChild) composeView();
    scrollDown();
  }
  bubble.addEventListener('click', function () { setOpen(!opened); });
  closeBtn.addEventListener('click', function () { setOpen(false); });
  root.addEventListener('keydown', function (ev) { if (ev.key === 'Escape' && opened) setOpen(false); });

  function mount() {
    document.body.appendChild(host);
    // A returning visitor: the conversation survives the reload, live from the start.
    if (session) begin().catch(function () { note(T.unavailable); });
  }
  if (document.body) mount(); else document.addEventListener('DOMContentLoaded', mount);
})();
