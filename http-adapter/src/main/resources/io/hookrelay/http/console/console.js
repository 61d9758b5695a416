// The operator console. Everything it shows and changes goes through the management API under /api/v1, signed
// in by the session cookie; changes carry the page's CSRF token. Every value reaches the page as a text node,
// never parsed as markup, so a webhook's bytes can never become part of the page.
'use strict';

const csrfToken = document.querySelector('meta[name="csrf-token"]').content;
const view = document.getElementById('view');
const statusLine = document.getElementById('status');
const LIVE_MS = 2000;
let liveTimer = null;

class ApiError extends Error {}

async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch('/api/v1' + path, {
    method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) {
    window.location.assign('/console/login?expired');
    throw new ApiError('signed out');
  }
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(answer && answer.message ? answer.message : 'HTTP ' + response.status);
  return answer;
}

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === 'onclick') node.addEventListener('click', value);
    else if (name === 'onsubmit') node.addEventListener('submit', value);
    else node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const link = (hash, text) => el('a', { href: hash }, text);
const eventLink = (id) => link('#/events/' + encodeURIComponent(id), id);
const deliveryLink = (id) => link('#/deliveries/' + encodeURIComponent(id), id);
const stateCell = (state) => el('td', { class: 'state-' + state }, state);
const when = (text) => (text ? new Date(text).toLocaleString() : '');

function table(headings, rows) {
  return el('table', {}, el('thead', {}, el('tr', {}, headings.map((h) => el('th', {}, h)))),
    el('tbody', {}, rows.length ? rows : [el('tr', {}, el('td', { colspan: headings.length, class: 'muted' }, 'Nothing here.'))]));
}

function fields(pairs) {
  return el('dl', { class: 'fields' }, pairs.flatMap(([name, value]) => [el('dt', {}, name), el('dd', {}, value ?? '')]));
}

function say(text, bad) {
  statusLine.textContent = text;
  statusLine.className = bad ? 'bad' : '';
}

/** Runs a change, then shows the view again; a refusal is shown, not thrown. */
function act(label, change) {
  return async () => {
    try {
      await change();
      say(label + ': done');
      await render();
    } catch (e) {
      say(label + ': ' + e.message, true);
    }
  };
}

function show(title, ...content) {
  view.replaceChildren(el('h1', {}, title), ...content);
}

function decodeBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function hexDump(bytes) {
  const lines = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = Array.from(bytes.slice(offset, offset + 16));
    const hex = row.map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(offset.toString(16).padStart(8, '0') + '  ' + hex.padEnd(48) + ' ' + ascii);
  }
  return lines.join('\n');
}

/** JSON pretty-printed, anything else as hex: the bytes exactly as the provider sent them. */
function bodyText(contentType, bytes) {
  if (/json/i.test(contentType || '')) {
    try {
      return JSON.stringify(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), null, 2);
    } catch (notJson) {
      // shown as hex below
    }
  }
  return hexDump(bytes);
}

async function overview() {
  const [targets, failed] = await Promise.all([api('GET', '/targets'), api('GET', '/deliveries?state=failed&limit=100')]);
  const paused = targets.data.filter((t) => t.paused);
  show('Overview',
    fields([
      ['Targets', targets.data.length],
      ['Paused targets', paused.length],
      ['Failed deliveries', failed.next_cursor ? '100 or more' : failed.data.length],
    ]),
    el('h2', {}, 'Paused targets'),
    table(['Target', 'URL'], paused.map((t) => el('tr', {}, el('td', {}, link('#/targets', t.id)), el('td', { class: 'mono' }, t.url)))));
}

async function events(query) {
  const source = query.get('source') || '';
  const cursor = query.get('cursor') || '';
  const sources = await api('GET', '/sources');
  const params = new URLSearchParams({ limit: '50' });
  if (source) params.set('source', source);
  if (cursor) params.set('cursor', cursor);
  const page = await api('GET', '/events?' + params);
  const pick = el('select', { id: 'source-filter' }, el('option', { value: '' }, 'every source'),
    sources.data.map((s) => {
      const option = el('option', { value: s.id }, s.id);
      if (s.id === source) option.selected = true;
      return option;
    }));
  pick.addEventListener('change', () => { window.location.hash = '#/events' + (pick.value ? '?source=' + encodeURIComponent(pick.value) : ''); });
  const find = el('input', { id: 'find-event', placeholder: 'event id', size: '32' });
  const rows = page.data.map((e) => el('tr', { 'data-event': e.id },
    el('td', { class: 'mono' }, eventLink(e.id)), el('td', {}, e.source), el('td', {}, e.event_type ?? ''),
    el('td', {}, when(e.received_at)), el('td', {}, e.body_bytes + ' B')));
  const more = page.next_cursor
    ? link('#/events?' + new URLSearchParams({ ...(source ? { source } : {}), cursor: page.next_cursor }), 'Older events')
    : null;
  show('Events',
    el('div', { class: 'toolbar' }, pick,
      el('form', { onsubmit: (e) => { e.preventDefault(); if (find.value.trim()) window.location.hash = '#/events/' + encodeURIComponent(find.value.trim()); } },
        find, el('button', { type: 'submit' }, 'Find')),
      el('span', { class: 'muted' }, cursor ? '' : 'live: newest first, refreshed every 2 s')),
    table(['Event', 'Source', 'Type', 'Received', 'Size'], rows), more);
  if (!cursor) liveTimer = setTimeout(render, LIVE_MS);
}

async function event(id) {
  const e = await api('GET', '/events/' + encodeURIComponent(id));
  const bytes = decodeBase64(e.body_base64);
  show('Event ' + e.id,
    fields([['Source', e.source], ['Type', e.event_type], ['Received', when(e.received_at)], ['Content type', e.content_type],
      ['Size', bytes.length + ' B']]),
    el('div', { class: 'toolbar' }, el('button', { onclick: act('Replay', () => api('POST', '/events/' + encodeURIComponent(id) + '/replay')) }, 'Replay')),
    el('h2', {}, 'Deliveries'),
    el('ol', { class: 'timeline' }, e.deliveries.map((d) => el('li', {}, deliveryLink(d.id), ' to ', d.target, ' ',
      el('span', { class: 'state-' + d.state }, d.state)))),
    el('h2', {}, 'Headers'),
    table(['Name', 'Value'], Object.entries(e.headers).map(([name, value]) => el('tr', {}, el('td', { class: 'mono' }, name), el('td', { class: 'mono' }, value)))),
    el('h2', {}, 'Body'),
    el('pre', { id: 'event-body' }, bodyText(e.content_type, bytes)));
}

async function delivery(id) {
  const d = await api('GET', '/deliveries/' + encodeURIComponent(id));
  const path = '/deliveries/' + encodeURIComponent(id);
  show('Delivery ' + d.id,
    fields([['Event', eventLink(d.event_id)], ['Target', d.target], ['State', el('span', { class: 'state-' + d.state, id: 'delivery-state' }, d.state)],
      ['Attempts', d.attempts], ['Next attempt', when(d.next_at)], ['Last error', d.last_error], ['Created', when(d.created_at)],
      ['Updated', when(d.updated_at)]]),
    el('div', { class: 'toolbar' },
      el('button', { id: 'retry', onclick: act('Retry', () => api('POST', path + '/retry')) }, 'Retry'),
      el('button', { id: 'cancel', onclick: act('Cancel', () => api('POST', path + '/cancel')) }, 'Cancel')),
    el('h2', {}, 'Attempt log'),
    table(['#', 'Started', 'Duration', 'Status', 'Error', 'Response'], d.attempt_log.map((a) => el('tr', { class: 'attempt' },
      el('td', {}, a.attempt), el('td', {}, when(a.started_at)), el('td', {}, a.duration_ms + ' ms'), el('td', {}, a.status_code ?? '—'),
      el('td', { class: 'bad' }, a.error ?? ''), el('td', { class: 'mono' }, a.response_excerpt ?? '')))));
  if (d.state === 'pending' || d.state === 'running') liveTimer = setTimeout(render, LIVE_MS);
}

async function failed(query) {
  const cursor = query.get('cursor') || '';
  const params = new URLSearchParams({ state: 'failed', limit: '50' });
  if (cursor) params.set('cursor', cursor);
  const page = await api('GET', '/deliveries?' + params);
  show('Failed deliveries',
    table(['Delivery', 'Event', 'Target', 'Attempts', 'Last error', 'Updated', ''], page.data.map((d) => el('tr', {},
      el('td', { class: 'mono' }, deliveryLink(d.id)), el('td', { class: 'mono' }, eventLink(d.event_id)), el('td', {}, d.target),
      el('td', {}, d.attempts), el('td', { class: 'bad' }, d.last_error ?? ''), el('td', {}, when(d.updated_at)),
      el('td', {}, el('button', { onclick: act('Retry', () => api('POST', '/deliveries/' + encodeURIComponent(d.id) + '/retry')) }, 'Retry'))))),
    page.next_cursor ? link('#/failed?cursor=' + encodeURIComponent(page.next_cursor), 'Older failures') : null);
}

async function targets() {
  const list = await api('GET', '/targets');
  show('Targets', table(['Target', 'URL', 'Max in flight', 'State', ''], list.data.map((t) => {
    const path = '/targets/' + encodeURIComponent(t.id);
    return el('tr', { 'data-target': t.id }, el('td', {}, t.id), el('td', { class: 'mono' }, t.url), el('td', {}, t.max_in_flight),
      el('td', { class: t.paused ? 'bad' : 'good' }, t.paused ? 'paused' : 'active'),
      el('td', {}, t.paused
        ? el('button', { onclick: act('Resume', () => api('POST', path + '/resume')) }, 'Resume')
        : el('button', { onclick: act('Pause', () => api('POST', path + '/pause')) }, 'Pause')));
  })));
}

async function sources() {
  const list = await api('GET', '/sources');
  show('Sources', table(['Source', 'Verification', 'Max body'], list.data.map((s) => el('tr', {},
    el('td', {}, link('#/events?source=' + encodeURIComponent(s.id), s.id)), el('td', {}, s.verify ? s.verify.scheme : 'none'),
    el('td', {}, s.max_body_bytes + ' B')))));
}

async function routes() {
  const list = await api('GET', '/routes');
  show('Routes', table(['Route', 'Source', 'Target', 'Event types'], list.data.map((r) => el('tr', {},
    el('td', { class: 'mono' }, r.id), el('td', {}, r.source), el('td', {}, r.target),
    el('td', {}, r.event_types.length ? r.event_types.join(', ') : 'every type')))));
}

const VIEWS = [
  [/^\/$/, overview], [/^\/events$/, events], [/^\/events\/([^/]+)$/, event], [/^\/deliveries\/([^/]+)$/, delivery],
  [/^\/failed$/, failed], [/^\/targets$/, targets], [/^\/sources$/, sources], [/^\/routes$/, routes],
];

async function render() {
  clearTimeout(liveTimer);
  const hash = window.location.hash.replace(/^#/, '') || '/';
  const [path, search] = hash.split('?');
  const query = new URLSearchParams(search || '');
  for (const [pattern, viewOf] of VIEWS) {
    const match = pattern.exec(path);
    if (match) {
      try {
        await (match[1] === undefined ? viewOf(query) : viewOf(decodeURIComponent(match[1]), query));
      } catch (e) {
        if (!(e instanceof ApiError && e.message === 'signed out')) show('Could not load this page', el('p', { class: 'bad' }, e.message));
      }
      return;
    }
  }
  show('No such page', link('#/', 'Overview'));
}

window.addEventListener('hashchange', render);
render();
