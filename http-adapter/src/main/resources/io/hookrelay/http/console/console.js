// The operator console. Everything it shows and changes goes through the management API under /api/v1, signed
// in by the session cookie; changes carry the page's CSRF token. Every value reaches the page as a text node,
// never parsed as markup, so a webhook's bytes can never become part of the page.
'use strict';

const csrfToken = document.querySelector('meta[name="csrf-token"]').content;
const view = document.getElementById('view');
const statusLine = document.getElementById('status');
const tenantPick = document.getElementById('tenant');
/** The tenant whose admin key signed this console in, the only one it acts in; empty when the operator signed in. */
const ownTenant = document.querySelector('meta[name="tenant"]').content;
/**
 * The tenant the console acts in, for the tab's life: the operator's choice, sent as Hookrelay-Tenant with every call
 * but those that manage tenants themselves.
 */
let actingTenant = ownTenant || sessionStorage.getItem('tenant') || 'default';
const LIVE_MS = 2000;
let liveTimer = null;
/** Counts the views drawn: a refresh that began under an earlier one draws nothing when it ends. */
let viewsDrawn = 0;

class ApiError extends Error {}

async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (actingTenant !== 'default' && !path.startsWith('/tenants')) headers['Hookrelay-Tenant'] = actingTenant;
  const response = await fetch('/api/v1' + path, {
    method, headers, credentials: 'same-origin', body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
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

/** A select of {@code values} after a first, empty-valued option saying what none means; {@code chosen} is selected. */
function choice(id, none, values, chosen) {
  return el('select', { id }, el('option', { value: '' }, none), values.map((value) => {
    const option = el('option', { value }, value);
    if (value === chosen) option.selected = true;
    return option;
  }));
}

function fields(pairs) {
  return el('dl', { class: 'fields' }, pairs.flatMap(([name, value]) => [el('dt', {}, name), el('dd', {}, value ?? '')]));
}

function say(text, bad) {
  statusLine.textContent = text;
  statusLine.className = bad ? 'bad' : '';
}

/**
 * Fetches what a view shows again every LIVE_MS while the view is open and {@code live} holds, and redraws it only
 * when it changed: a link or button the operator is about to click is not swapped from under the pointer.
 */
function keepLive(fetchAgain, shown, redraw, live = () => true) {
  const view = viewsDrawn;
  let drawn = JSON.stringify(shown);
  const refresh = async () => {
    let fresh;
    try {
      fresh = await fetchAgain();
    } catch (e) {
      if (view !== viewsDrawn) return;
      say('Refreshing this page: ' + e.message, true);
      liveTimer = setTimeout(refresh, LIVE_MS);
      return;
    }
    if (view !== viewsDrawn) return;
    const seen = JSON.stringify(fresh);
    if (seen !== drawn) {
      redraw(fresh);
      drawn = seen;
    }
    if (live(fresh)) liveTimer = setTimeout(refresh, LIVE_MS);
  };
  liveTimer = setTimeout(refresh, LIVE_MS);
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
  view.replaceChildren(el('h1', {}, title), ...content.filter((part) => part !== null && part !== undefined));
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

const OVERVIEW_REFRESH_MS = 10000;
const PENDING_LINES = ['#2456c7', '#b3261e', '#1e7b34', '#8a5a00', '#6b3fa0'];

/** A line chart of the node's samples over time, drawn by uPlot (from its webjar). */
function chart(id, title, samples, lines) {
  const box = el('div', { class: 'chart', id });
  const xs = samples.map((sample) => new Date(sample.at).getTime() / 1000);
  const data = [xs, ...lines.map((line) => samples.map(line.value))];
  const options = {
    title, width: 540, height: 200,
    series: [{}, ...lines.map((line) => ({ label: line.label, stroke: line.colour, width: 2, spanGaps: false }))],
    axes: [{}, { size: 60 }],
  };
  new uPlot(options, data, box);
  return box;
}

async function overview() {
  const [activity, pending, targets, failed] = await Promise.all([api('GET', '/stats/activity'), api('GET', '/stats/pending'),
    api('GET', '/targets'), api('GET', '/deliveries?state=failed&limit=100')]);
  const samples = activity.samples;
  const paused = new Set(targets.data.filter((t) => t.paused).map((t) => t.id));
  const waiting = Object.entries(pending.pending_by_target).sort((a, b) => b[1] - a[1]);
  show('Overview',
    fields([
      ['Targets', targets.data.length],
      ['Paused targets', paused.size],
      ['Failed deliveries', failed.next_cursor ? '100 or more' : failed.data.length],
      ['Pending deliveries', waiting.reduce((sum, [, n]) => sum + n, 0).toLocaleString() + (pending.more ? ' or more' : '')],
    ]),
    el('p', { class: 'muted' }, 'This tenant on this node over the last hour, a point every 10 s (' + samples.length + ' so far).'),
    el('div', { class: 'charts' },
      chart('chart-rates', 'Webhooks and deliveries per second', samples, [
        { value: (s) => s.accepted_per_s, label: 'accepted/s', colour: '#2456c7' },
        { value: (s) => s.delivered_per_s, label: 'delivered/s', colour: '#1e7b34' }]),
      chart('chart-failures', 'Failed attempts per second', samples, [{ value: (s) => s.failed_per_s, label: 'failed/s', colour: '#b3261e' }]),
      chart('chart-lag', 'Mean lag, arrival to delivery (ms)', samples, [{ value: (s) => s.mean_lag_ms, label: 'lag ms', colour: '#8a5a00' }]),
      chart('chart-pending', 'Pending deliveries, the most waited-on targets', samples,
        waiting.slice(0, PENDING_LINES.length).map(([target], i) => ({
          value: (s) => s.pending_by_target[target] ?? 0, label: target, colour: PENDING_LINES[i] })))),
    el('h2', {}, 'Pending by target'),
    table(['Target', 'Pending', 'State'], waiting.map(([target, count]) => el('tr', { 'data-pending': target },
      el('td', {}, link('#/failed?target=' + encodeURIComponent(target), target)), el('td', {}, count.toLocaleString()),
      el('td', { class: paused.has(target) ? 'bad' : 'good' }, paused.has(target) ? 'paused' : 'active')))));
  liveTimer = setTimeout(render, OVERVIEW_REFRESH_MS);
}

const FILTERS = ['source', 'type', 'since', 'until'];

/** {@code datetime-local} shows local time without a zone; the API takes RFC 3339. */
const toRfc3339 = (local) => (local ? new Date(local).toISOString() : '');
const toLocalInput = (rfc3339) => {
  if (!rfc3339) return '';
  const date = new Date(rfc3339);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 19);
};

async function events(query) {
  const chosen = Object.fromEntries(FILTERS.filter((name) => query.get(name)).map((name) => [name, query.get(name)]));
  const cursor = query.get('cursor') || '';
  const sources = await api('GET', '/sources');
  const params = new URLSearchParams({ ...chosen, limit: '50' });
  if (cursor) params.set('cursor', cursor);
  const page = await api('GET', '/events?' + params);
  const pick = choice('source-filter', 'every source', sources.data.map((s) => s.id), chosen.source);
  const type = el('input', { id: 'type-filter', placeholder: 'event type', size: '18' });
  type.value = chosen.type || '';
  const since = el('input', { id: 'since-filter', type: 'datetime-local', step: '1' });
  since.value = toLocalInput(chosen.since);
  const until = el('input', { id: 'until-filter', type: 'datetime-local', step: '1' });
  until.value = toLocalInput(chosen.until);
  const apply = el('form', {
    onsubmit: (e) => {
      e.preventDefault();
      const next = new URLSearchParams();
      if (pick.value) next.set('source', pick.value);
      if (type.value.trim()) next.set('type', type.value.trim());
      if (since.value) next.set('since', toRfc3339(since.value));
      if (until.value) next.set('until', toRfc3339(until.value));
      window.location.hash = '#/events' + (next.toString() ? '?' + next : '');
    },
  }, pick, type, el('label', {}, 'from ', since), el('label', {}, 'until ', until), el('button', { type: 'submit', id: 'apply-filters' }, 'Filter'));
  const find = el('input', { id: 'find-event', placeholder: 'event id, or idempotency key of the chosen source', size: '40' });
  const notFound = el('span', { class: 'bad', id: 'find-problem' });
  const finder = el('form', {
    onsubmit: async (e) => {
      e.preventDefault();
      const wanted = find.value.trim();
      if (!wanted) return;
      if (wanted.startsWith('evt_')) {
        window.location.hash = '#/events/' + encodeURIComponent(wanted);
        return;
      }
      if (!pick.value) {
        notFound.textContent = 'choose the source whose idempotency key this is';
        return;
      }
      try {
        const held = await api('GET', '/events?' + new URLSearchParams({ source: pick.value, idempotency_key: wanted }));
        if (held.data.length) window.location.hash = '#/events/' + encodeURIComponent(held.data[0].id);
        else notFound.textContent = 'no event of ' + pick.value + ' holds that key';
      } catch (failure) {
        notFound.textContent = failure.message;
      }
    },
  }, find, el('button', { type: 'submit', id: 'find' }, 'Find'), notFound);
  const listing = (shown) => table(['Event', 'Source', 'Type', 'Received', 'Size'], shown.data.map((e) => el('tr', { 'data-event': e.id },
    el('td', { class: 'mono' }, eventLink(e.id)), el('td', {}, e.source), el('td', {}, e.event_type ?? ''),
    el('td', {}, when(e.received_at)), el('td', {}, e.body_bytes + ' B'))));
  let shownTable = listing(page);
  const more = page.next_cursor ? link('#/events?' + new URLSearchParams({ ...chosen, cursor: page.next_cursor }), 'Older events') : null;
  const live = !cursor && !chosen.until;
  show('Events', el('div', { class: 'toolbar' }, apply), el('div', { class: 'toolbar' }, finder),
    el('p', { class: 'muted' }, live ? 'Live: newest first, refreshed every 2 s.' : 'Newest first.'), shownTable, more);
  // Live, only the list is fetched again: what the operator is typing in the forms above stays.
  if (live) {
    keepLive(() => api('GET', '/events?' + params), page, (fetched) => {
      const fresh = listing(fetched);
      shownTable.replaceWith(fresh);
      shownTable = fresh;
    });
  }
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

const unended = (d) => d.state === 'pending' || d.state === 'running';

async function delivery(id) {
  const path = '/deliveries/' + encodeURIComponent(id);
  const d = await api('GET', path);
  showDelivery(d, path);
  if (unended(d)) keepLive(() => api('GET', path), d, (fresh) => showDelivery(fresh, path), unended);
}

function showDelivery(d, path) {
  show('Delivery ' + d.id,
    fields([['Event', eventLink(d.event_id)], ['Target', d.target], ['State', el('span', { class: 'state-' + d.state, id: 'delivery-state' }, d.state)],
      ['Attempts', d.attempts], ['Next attempt', when(d.next_at)], ['Last error', d.last_error], ['Created', when(d.created_at)],
      ['Updated', when(d.updated_at)]]),
    el('div', { class: 'toolbar' },
      d.state === 'completed' ? null : el('button', { id: 'retry', onclick: act('Retry', () => api('POST', path + '/retry')) }, 'Retry'),
      unended(d)
        ? el('button', { id: 'cancel', onclick: act('Cancel', () => api('POST', path + '/cancel')) }, 'Cancel')
        : null),
    el('h2', {}, 'Attempt log'),
    table(['#', 'Outcome', 'Started', 'Duration', 'Status', 'Error', 'Response'], d.attempt_log.map((a) => el('tr', { class: 'attempt' },
      el('td', {}, a.attempt), el('td', { class: 'outcome-' + a.outcome }, a.outcome), el('td', {}, when(a.started_at)), el('td', {}, a.duration_ms + ' ms'), el('td', {}, a.status_code ?? '—'),
      el('td', { class: 'bad' }, a.error ?? ''), el('td', { class: 'mono' }, a.response_excerpt ?? '')))));
}

/**
 * Bulk retry of failed deliveries by target and time range: a dry run first says how many it would take, and only
 * then is the retry offered, for exactly that selection.
 */
function bulkRetryForm(targetList) {
  const target = el('select', { id: 'bulk-target' }, el('option', { value: '' }, 'every target'),
    targetList.map((t) => el('option', { value: t.id }, t.id)));
  const since = el('input', { id: 'bulk-since', type: 'datetime-local', step: '1' });
  const until = el('input', { id: 'bulk-until', type: 'datetime-local', step: '1' });
  const outcome = el('div', { class: 'toolbar', id: 'bulk-outcome' });
  const selection = () => {
    const chosen = { state: 'failed' };
    if (target.value) chosen.target = target.value;
    if (since.value) chosen.since = new Date(since.value).toISOString();
    if (until.value) chosen.until = new Date(until.value).toISOString();
    return chosen;
  };
  const preview = el('button', { id: 'bulk-preview', type: 'button' }, 'Preview');
  preview.addEventListener('click', async () => {
    try {
      const chosen = selection();
      const dry = await api('POST', '/deliveries/retry', { ...chosen, dry_run: true });
      const count = dry.would_retry.toLocaleString() + (dry.more ? ' or more' : '');
      const go = el('button', { class: 'primary', id: 'bulk-retry', type: 'button' }, 'Retry ' + count);
      go.addEventListener('click', async () => {
        try {
          const done = await api('POST', '/deliveries/retry', chosen);
          outcome.replaceChildren(el('span', { id: 'bulk-done' }, 'Retried ' + done.retried.toLocaleString() + '.'));
        } catch (e) {
          outcome.replaceChildren(el('span', { class: 'bad' }, e.message));
        }
      });
      outcome.replaceChildren(el('span', { id: 'bulk-count' }, count + ' failed deliveries match.'), ...(dry.would_retry ? [go] : []));
    } catch (e) {
      outcome.replaceChildren(el('span', { class: 'bad' }, e.message));
    }
  });
  return el('section', {}, el('h2', {}, 'Retry in bulk'),
    el('div', { class: 'toolbar' }, target, el('label', {}, 'failed from ', since), el('label', {}, 'until ', until), preview), outcome);
}

async function failed(query) {
  const cursor = query.get('cursor') || '';
  const target = query.get('target') || '';
  const params = new URLSearchParams({ state: 'failed', limit: '50' });
  if (target) params.set('target', target);
  if (cursor) params.set('cursor', cursor);
  const [page, targetList] = await Promise.all([api('GET', '/deliveries?' + params), api('GET', '/targets')]);
  const pick = choice('failed-target', 'every target', targetList.data.map((t) => t.id), target);
  pick.addEventListener('change', () => { window.location.hash = '#/failed' + (pick.value ? '?target=' + encodeURIComponent(pick.value) : ''); });
  show('Failed deliveries', el('div', { class: 'toolbar' }, pick),
    table(['Delivery', 'Event', 'Target', 'Attempts', 'Last error', 'Failed', ''], page.data.map((d) => el('tr', {},
      el('td', { class: 'mono' }, deliveryLink(d.id)), el('td', { class: 'mono' }, eventLink(d.event_id)), el('td', {}, d.target),
      el('td', {}, d.attempts), el('td', { class: 'bad' }, d.last_error ?? ''), el('td', {}, when(d.updated_at)),
      el('td', {}, el('button', { onclick: act('Retry', () => api('POST', '/deliveries/' + encodeURIComponent(d.id) + '/retry')) }, 'Retry'))))),
    page.next_cursor ? link('#/failed?' + new URLSearchParams({ ...(target ? { target } : {}), cursor: page.next_cursor }), 'Older failures') : null,
    bulkRetryForm(targetList.data));
}

/** A button that asks once more before it deletes: a second click within a few seconds runs {@code change}. */
function deleteButton(label, change) {
  const button = el('button', { class: 'delete' }, 'Delete');
  let armed = null;
  button.addEventListener('click', () => {
    if (!armed) {
      button.textContent = 'Really delete?';
      armed = setTimeout(() => { armed = null; button.textContent = 'Delete'; }, 5000);
      return;
    }
    clearTimeout(armed);
    act(label, change)();
  });
  return button;
}

/**
 * A JSON document to send to the API as it is: the API's own rules accept or refuse it, and a refusal's message is
 * shown beside it. {@code save} gets the parsed document and answers what to show once it is taken.
 */
function jsonEditor(id, heading, document, save) {
  const text = el('textarea', { id: id + '-json', rows: '8', cols: '80', spellcheck: 'false' });
  text.value = JSON.stringify(document, null, 2);
  const problem = el('p', { class: 'bad', id: id + '-problem' });
  const outcome = el('div', { id: id + '-outcome' });
  const send = el('button', { class: 'primary', id: id + '-save', type: 'button' }, 'Save');
  send.addEventListener('click', async () => {
    problem.textContent = '';
    let parsed;
    try {
      parsed = JSON.parse(text.value);
    } catch (e) {
      problem.textContent = 'not JSON: ' + e.message;
      return;
    }
    try {
      const shown = await save(parsed);
      if (shown) outcome.replaceChildren(shown);
      else await render();
    } catch (e) {
      problem.textContent = e.message;
    }
  });
  return el('section', { class: 'editor' }, el('h2', {}, heading), text, el('div', { class: 'toolbar' }, send), problem, outcome);
}

function editable(view, dropped) {
  const copy = { ...view };
  for (const name of dropped) delete copy[name];
  return copy;
}

async function targets(query) {
  const list = await api('GET', '/targets');
  const editing = query.get('edit');
  const current = list.data.find((t) => t.id === editing);
  const editor = current
    ? jsonEditor('target', 'Edit target ' + current.id, editable(current, ['id', 'paused', 'secret', 'public_key', 'previous_secret_until', 'blocked_by']),
      (t) => api('PUT', '/targets/' + encodeURIComponent(current.id), t).then(() => { window.location.hash = '#/targets'; }))
    : jsonEditor('target', 'New target', { id: '', url: 'https://', max_in_flight: 10, ordering: 'none' }, async (t) => {
      const created = await api('POST', '/targets', t);
      return el('div', {}, el('p', { class: 'secret' }, 'Target ', created.id, ' created. Its signing secret, shown only now: ',
        el('code', { id: 'new-secret' }, created.secret)), keyAdvice(created));
    });
  show('Targets', table(['Target', 'URL', 'Max in flight', 'Rate limit', 'Signature', 'Ordering', 'State', ''], list.data.map((t) => {
    const path = '/targets/' + encodeURIComponent(t.id);
    const signature = t.signature + (t.previous_secret_until ? ' (old secret until ' + t.previous_secret_until + ')' : '');
    return el('tr', { 'data-target': t.id }, el('td', {}, t.id), el('td', { class: 'mono' }, t.url), el('td', {}, t.max_in_flight),
      el('td', {}, t.rate_limit_per_s ? t.rate_limit_per_s + '/s' : 'none'),
      el('td', { class: 'mono', title: t.public_key || '' }, signature),
      el('td', { class: t.blocked_by ? 'bad' : '' }, t.ordering, t.blocked_by ? [' — blocked by ',
        link('#/deliveries/' + encodeURIComponent(t.blocked_by.delivery_id), t.blocked_by.delivery_id),
        ' (' + t.blocked_by.attempts + (t.blocked_by.attempts === 1 ? ' attempt: ' : ' attempts: ') + t.blocked_by.last_error + ')']
        : ''),
      el('td', { class: t.paused ? 'bad' : 'good' }, t.paused ? 'paused' : 'active'),
      el('td', { class: 'actions' }, t.paused
        ? el('button', { onclick: act('Resume', () => api('POST', path + '/resume')) }, 'Resume')
        : el('button', { onclick: act('Pause', () => api('POST', path + '/pause')) }, 'Pause'),
      link('#/targets?edit=' + encodeURIComponent(t.id), 'Edit'), deleteButton('Delete', () => api('DELETE', path))));
  })), editor, current ? rotation(current) : null);
}

/** A new secret, shown once; the old one signs beside it for the grace period, so receivers can switch unhurried. */
function rotation(target) {
  const grace = el('input', { id: 'rotate-grace', type: 'number', min: '0', value: '86400', size: '8' });
  const scheme = el('select', { id: 'rotate-signature' }, el('option', { value: '' }, 'same scheme (' + target.signature + ')'),
    el('option', { value: 'v1' }, 'v1 (HMAC)'), el('option', { value: 'v1a' }, 'v1a (ed25519)'));
  const outcome = el('div', { id: 'rotate-outcome' });
  const rotate = el('button', { id: 'rotate-secret', type: 'button' }, 'Rotate secret');
  rotate.addEventListener('click', async () => {
    if (!/^\d+$/.test(grace.value.trim())) {
      outcome.replaceChildren(el('p', { class: 'bad' }, 'the grace is a whole number of seconds'));
      return;
    }
    const body = { grace_s: Number(grace.value.trim()) };
    if (scheme.value) body.signature = scheme.value;
    try {
      const rotated = await api('POST', '/targets/' + encodeURIComponent(target.id) + '/rotate-secret', body);
      outcome.replaceChildren(el('p', { class: 'secret' }, 'New signing secret, shown only now: ',
        el('code', { id: 'rotated-secret' }, rotated.secret)),
      keyAdvice(rotated, 'rotated-public-key'),
      el('p', {}, rotated.previous_secret_until ? 'The old secret signs too until ' + rotated.previous_secret_until + '.'
        : 'The old secret no longer signs.'));
    } catch (e) {
      outcome.replaceChildren(el('p', { class: 'bad' }, e.message));
    }
  });
  return el('section', {}, el('h2', {}, 'Rotate the signing secret'),
    target.public_key ? el('p', {}, 'Receivers verify with the public key ', el('code', { id: 'public-key' }, target.public_key)) : null,
    el('div', { class: 'toolbar' }, el('label', {}, 'grace (s) ', grace), scheme, rotate), outcome);
}

/**
 * What receivers need of a secret just shown: a v1 secret itself, but of a v1a (ed25519) target only the public key;
 * its whsk_ secret key signs, and stays with hookrelay.
 */
function keyAdvice(target, id = 'new-public-key') {
  return target.public_key
    ? el('p', {}, 'Give receivers the public key ', el('code', { id }, target.public_key),
      '; the secret key above signs and stays with hookrelay.')
    : el('p', { class: 'muted' }, 'Receivers verify with this secret.');
}

async function sources(query) {
  const list = await api('GET', '/sources');
  const editing = query.get('edit');
  const current = list.data.find((s) => s.id === editing);
  const editor = current
    ? jsonEditor('source', 'Edit source ' + current.id, editable(current, ['id']),
      (s) => api('PUT', '/sources/' + encodeURIComponent(current.id), s).then(() => { window.location.hash = '#/sources'; }))
    : jsonEditor('source', 'New source', { id: '', event_type: { json_pointer: '/type' } }, (s) => api('POST', '/sources', s).then(() => null));
  show('Sources', table(['Source', 'Verification', 'Idempotency key', 'Forwarded headers', 'Max body', ''], list.data.map((s) => {
    const path = '/sources/' + encodeURIComponent(s.id);
    const idempotency = s.idempotency_header ? 'header ' + s.idempotency_header
      : s.idempotency_json_pointer ? 'body ' + s.idempotency_json_pointer : 'none';
    return el('tr', { 'data-source': s.id },
      el('td', {}, link('#/events?source=' + encodeURIComponent(s.id), s.id)), el('td', {}, s.verify ? s.verify.scheme : 'none'),
      el('td', { class: 'mono' }, idempotency), el('td', { class: 'mono' }, (s.forward_headers || []).join(', ') || 'none'),
      el('td', {}, s.max_body_bytes + ' B'),
      el('td', { class: 'actions' }, link('#/sources?edit=' + encodeURIComponent(s.id), 'Edit'), deleteButton('Delete', () => api('DELETE', path))));
  })), editor);
}

function filterText(f) {
  return Object.keys(f).filter((k) => k !== 'pointer').map((k) => f.pointer + ' ' + k + ' ' + JSON.stringify(f[k])).join('');
}

async function routes() {
  const [list, sourceList, targetList] = await Promise.all([api('GET', '/routes'), api('GET', '/sources'), api('GET', '/targets')]);
  const source = el('select', { id: 'route-source' }, sourceList.data.map((s) => el('option', { value: s.id }, s.id)));
  const target = el('select', { id: 'route-target' }, targetList.data.map((t) => el('option', { value: t.id }, t.id)));
  const types = el('input', { id: 'route-types', placeholder: 'event types, comma-separated (none: every type)', size: '40' });
  const filters = el('textarea', { id: 'route-filters', rows: '3', cols: '60', spellcheck: 'false',
    placeholder: 'payload filters, a JSON array (none: every body), e.g. [{"pointer":"/data/object/status","equals":"paid"}]' });
  const problem = el('p', { class: 'bad' });
  const create = el('button', { class: 'primary', id: 'route-create', type: 'button' }, 'Create route');
  create.addEventListener('click', async () => {
    const eventTypes = types.value.split(',').map((t) => t.trim()).filter((t) => t);
    // The filters go as typed: through JavaScript's numbers, 1e400 or a long integer would arrive changed.
    let body = JSON.stringify({ source: source.value, target: target.value, event_types: eventTypes });
    if (filters.value.trim()) {
      try {
        JSON.parse(filters.value);
      } catch (e) {
        problem.textContent = 'the filters are not JSON: ' + e.message;
        return;
      }
      body = body.slice(0, -1) + ',"filters":' + filters.value + '}';
    }
    try {
      await api('POST', '/routes', body);
      await render();
    } catch (e) {
      problem.textContent = e.message;
    }
  });
  show('Routes', table(['Route', 'Source', 'Target', 'Event types', 'Payload filters', ''], list.data.map((r) => el('tr', { 'data-route': r.id },
    el('td', { class: 'mono' }, r.id), el('td', {}, r.source), el('td', {}, r.target),
    el('td', {}, r.event_types.length ? r.event_types.join(', ') : 'every type'),
    el('td', { class: 'mono' }, (r.filters || []).length ? r.filters.map(filterText).join('; ') : 'every body'),
    el('td', {}, deleteButton('Delete', () => api('DELETE', '/routes/' + encodeURIComponent(r.id))))))),
  el('h2', {}, 'New route'), el('div', { class: 'toolbar' }, source, target, types, create), filters, problem);
}

const OPERATOR_EVENT_TYPES = ['target.paused', 'delivery.failed', 'target.recovered'];

/** What an operator event is about: why its target was paused, or which delivery failed and why. */
function operatorDetail(data) {
  if (data.reason) return data.reason;
  if (data.delivery_id) return [deliveryLink(data.delivery_id), ' ', data.error ?? ''];
  return '';
}

async function operator(query) {
  const type = query.get('type') || '';
  const cursor = query.get('cursor') || '';
  const params = new URLSearchParams({ limit: '50' });
  if (type) params.set('type', type);
  if (cursor) params.set('cursor', cursor);
  const [page, settings, targetList] = await Promise.all([api('GET', '/operator-events?' + params), api('GET', '/settings'),
    api('GET', '/targets')]);
  const pickTarget = choice('operator-target', 'none: only list them', targetList.data.map((t) => t.id), settings.operator_target);
  const save = el('button', { class: 'primary', id: 'operator-target-save', type: 'button',
    onclick: act('Operator target', () => api('PUT', '/settings', { operator_target: pickTarget.value || null })) }, 'Save');
  const pickType = choice('operator-type', 'every type', OPERATOR_EVENT_TYPES, type);
  pickType.addEventListener('change', () => { window.location.hash = '#/operator' + (pickType.value ? '?type=' + pickType.value : ''); });
  show('Operator events',
    el('p', { class: 'muted' }, 'Targets paused or recovered and deliveries failed for good, sent signed to the operator target.'),
    el('div', { class: 'toolbar' }, el('label', { for: 'operator-target' }, 'Operator target'), pickTarget, save),
    el('div', { class: 'toolbar' }, pickType),
    table(['Event', 'Type', 'Target', 'Detail', 'At', 'Sent'], page.data.map((e) => el('tr', { 'data-operator-event': e.id },
      el('td', { class: 'mono' }, eventLink(e.id)), el('td', {}, e.type), el('td', {}, e.data.target_id),
      el('td', {}, operatorDetail(e.data)), el('td', {}, when(e.timestamp)),
      e.deliveries.length ? stateCell(e.deliveries[0].state) : el('td', { class: 'muted' }, 'not sent')))),
    page.next_cursor ? link('#/operator?' + new URLSearchParams({ ...(type ? { type } : {}), cursor: page.next_cursor }), 'Older events')
      : null);
}

const quota = (value) => (value === null || value === undefined ? 'none' : value);

async function tenants(query) {
  loadTenants().catch(() => {});
  const cursor = query.get('cursor') || '';
  const page = await api('GET', '/tenants?' + new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) }));
  const editing = query.get('edit');
  const current = editing ? await api('GET', '/tenants/' + encodeURIComponent(editing)) : null;
  const editor = current
    ? jsonEditor('tenant', 'Edit tenant ' + current.id, { name: current.name, quotas: current.quotas },
      (t) => api('PUT', '/tenants/' + encodeURIComponent(current.id), t).then(() => { window.location.hash = '#/tenants'; }))
    : jsonEditor('tenant', 'New tenant', { id: '', name: '', quotas: { ingest_per_s: null, max_in_flight: null, max_sources: null,
      max_targets: null } }, (t) => api('POST', '/tenants', t).then(() => null));
  show('Tenants', el('p', { class: 'muted' }, 'The owners this deployment serves; pick the one the console acts in at the top. A null quota is no limit.'),
    table(['Tenant', 'Name', 'Ingest/s', 'In flight', 'Sources', 'Targets', 'State', ''], page.data.map((t) => {
      const path = '/tenants/' + encodeURIComponent(t.id);
      return el('tr', { 'data-tenant': t.id }, el('td', {}, t.id), el('td', {}, t.name), el('td', {}, quota(t.quotas.ingest_per_s)),
        el('td', {}, quota(t.quotas.max_in_flight)), el('td', {}, quota(t.quotas.max_sources)), el('td', {}, quota(t.quotas.max_targets)),
        el('td', { class: t.suspended ? 'bad' : 'good' }, t.suspended ? 'suspended' : 'active'),
        el('td', { class: 'actions' }, t.suspended
          ? el('button', { onclick: act('Resume', () => api('POST', path + '/resume')) }, 'Resume')
          : el('button', { onclick: act('Suspend', () => api('POST', path + '/suspend')) }, 'Suspend'),
        link('#/tenants/' + encodeURIComponent(t.id) + '/keys', 'Keys'), link('#/tenants?edit=' + encodeURIComponent(t.id), 'Edit'),
        t.id === 'default' ? null : deleteButton('Delete', () => api('DELETE', path))));
    })),
    page.next_cursor ? link('#/tenants?' + new URLSearchParams({ cursor: page.next_cursor }), 'More tenants') : null, editor);
}

/** A tenant's keys; a new key's token is shown once, here, and never again. */
async function tenantKeys(tenant) {
  const path = '/tenants/' + encodeURIComponent(tenant) + '/keys';
  const list = await api('GET', path);
  const issue = jsonEditor('key', 'New key', { name: '', scope: 'read', expires_at: null }, async (k) => {
    const issued = await api('POST', path, k);
    return el('p', { class: 'secret' }, 'Key ', issued.id, ' issued. Its token, shown only now: ', el('code', { id: 'new-token' }, issued.token));
  });
  show('Keys of ' + tenant, link('#/tenants', 'All tenants'),
    table(['Key', 'Name', 'Scope', 'Created', 'Expires', 'Last used', ''], list.data.map((k) => el('tr', { 'data-key': k.id },
      el('td', { class: 'mono' }, k.id), el('td', {}, k.name), el('td', {}, k.scope), el('td', {}, when(k.created_at)),
      el('td', {}, k.expires_at ? when(k.expires_at) : 'never'), el('td', {}, k.last_used_at ? when(k.last_used_at) : 'never'),
      el('td', { class: 'actions' }, deleteButton('Revoke', () => api('DELETE', path + '/' + encodeURIComponent(k.id))))))),
    issue);
}

const VIEWS = [
  [/^\/$/, overview], [/^\/events$/, events], [/^\/events\/([^/]+)$/, event], [/^\/deliveries\/([^/]+)$/, delivery],
  [/^\/failed$/, failed], [/^\/targets$/, targets], [/^\/sources$/, sources], [/^\/routes$/, routes],
  [/^\/operator$/, operator],
  // The operator's own pages: a tenant's admin key may not manage tenants, nor reach them.
  ...(ownTenant ? [] : [[/^\/tenants$/, tenants], [/^\/tenants\/([^/]+)\/keys$/, tenantKeys]]),
];

async function render() {
  clearTimeout(liveTimer);
  viewsDrawn++;
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

/** Fills the tenant switcher; a tenant chosen earlier that no longer exists gives way to default. */
async function loadTenants() {
  const page = await api('GET', '/tenants?limit=100');
  const ids = page.data.map((t) => t.id);
  if (!ids.includes(actingTenant)) chooseTenant('default');
  tenantPick.replaceChildren(...ids.map((id) => {
    const option = el('option', { value: id }, id);
    option.selected = id === actingTenant;
    return option;
  }));
}

function chooseTenant(id) {
  actingTenant = id;
  sessionStorage.setItem('tenant', id);
}

tenantPick.addEventListener('change', () => {
  chooseTenant(tenantPick.value);
  render();
});
window.addEventListener('hashchange', render);
if (ownTenant) {
  // A tenant's own console has no switcher and no operator's pages; it names its tenant where the switcher was.
  document.querySelectorAll('.operator-only').forEach((node) => node.remove());
  document.getElementById('sign-out').before(el('span', { class: 'tenant-switch', id: 'own-tenant' }, 'Tenant ', el('strong', {}, ownTenant)));
  render();
} else {
  loadTenants().catch(() => {}).finally(render);
}
