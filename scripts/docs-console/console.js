// The documentation site's console (inlined into the page by scripts/docs-console/inject.ts): sends
// one operation's request to the server the reader picks, with their API key or access token, and
// shows the answer. It sends nothing by itself and nothing to any other host than the chosen server.
(() => {
  const data = JSON.parse(document.getElementById('try-console-data').textContent);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);
  // The mock serves the site at /docs/ on a loopback address: its API is then beside the page.
  const servedByMock = /^https?:$/.test(location.protocol) && loopback && location.pathname.startsWith('/docs/');
  const defaultServer = servedByMock
    ? `${location.origin}/api`
    : (data.servers.find((url) => url.includes('{')) ?? data.servers[0] ?? '');

  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  };
  const field = (label, input) => el('label', { class: 'tc-field' }, el('span', { text: label }), input);

  const operation = el('select', { id: 'tc-operation', 'aria-label': 'Operation' });
  for (const op of data.operations)
    operation.append(el('option', { value: op.id, text: `${op.method} ${op.path} (${op.summary})` }));
  const servers = el('datalist', { id: 'tc-servers' });
  for (const url of new Set([...(servedByMock ? [defaultServer] : []), ...data.servers]))
    servers.append(el('option', { value: url }));
  const server = el('input', { id: 'tc-server', list: 'tc-servers', value: defaultServer, spellcheck: 'false' });
  const apiKey = el('input', { id: 'tc-api-key', value: servedByMock ? 'mock-api-key' : '', autocomplete: 'off' });
  const token = el('input', { id: 'tc-token', value: servedByMock ? 'mock-access-token' : '', autocomplete: 'off' });
  const params = el('div', { id: 'tc-params' });
  const body = el('textarea', { id: 'tc-body', rows: '8', spellcheck: 'false' });
  const note = el('p', { id: 'tc-note' });
  const send = el('button', { id: 'tc-send', type: 'button', text: 'Send' });
  const status = el('pre', { id: 'tc-status' });
  const answer = el('pre', { id: 'tc-response' });
  const close = el('button', { id: 'tc-close', type: 'button', 'aria-label': 'Close the console', text: '×' });
  const panel = el(
    'section',
    { id: 'try-console', hidden: '', 'aria-label': 'Try it' },
    el('header', {}, el('strong', { text: 'Try it' }), close),
    field('Operation', operation),
    field('Server', server),
    servers,
    field('API key (Authorization)', apiKey),
    field('Access token (Bearer)', token),
    params,
    field('JSON body', body),
    note,
    send,
    status,
    answer,
  );
  const open = el('button', { id: 'try-console-open', type: 'button', text: 'Try it' });
  document.body.append(open, panel);

  const current = () => data.operations.find((op) => op.id === operation.value);
  const show = () => {
    const op = current();
    params.replaceChildren(
      ...op.params.map((p) =>
        field(
          `${p.name} (${p.in}${p.required ? ', required' : ''})`,
          // Optional parameters start empty (their example as a hint), so a list is not filtered unasked.
          el('input', {
            'data-name': p.name,
            'data-in': p.in,
            value: p.required ? p.example : '',
            placeholder: p.example,
            spellcheck: 'false',
          }),
        ),
      ),
    );
    body.value = op.body ?? '';
    body.disabled = op.body === null;
    note.textContent =
      op.unsupported ??
      (op.auth === 'bearer'
        ? 'Sends the access token (Authorization: Bearer).'
        : op.auth === 'apiKey'
          ? 'Sends the API key (Authorization: <key>).'
          : 'Sends no credential.');
    status.textContent = '';
    answer.textContent = '';
  };
  // The operation the reader is on: Redoc's address ends with the operationId in lower case.
  const follow = () => {
    const last = decodeURIComponent(location.hash.split('/').pop() ?? '').toLowerCase();
    const op = data.operations.find((o) => o.id.toLowerCase() === last);
    if (op && op.id !== operation.value) {
      operation.value = op.id;
      show();
    }
  };
  operation.addEventListener('change', show);
  window.addEventListener('hashchange', follow);
  open.addEventListener('click', () => {
    follow();
    panel.hidden = false;
  });
  close.addEventListener('click', () => {
    panel.hidden = true;
  });

  send.addEventListener('click', async () => {
    const op = current();
    status.textContent = '';
    answer.textContent = '';
    const base = server.value.trim().replace(/\/+$/, '');
    if (/[{}]/.test(base)) return void (status.textContent = 'Fill in the server address (replace {host}).');
    let url;
    try {
      url = new URL(`${base}${op.path}`);
    } catch {
      return void (status.textContent = `Not a server address: ${base}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return void (status.textContent = 'The server address must start with http:// or https://.');
    const headers = {};
    let path = op.path;
    for (const input of params.querySelectorAll('input')) {
      const p = op.params.find((q) => q.name === input.dataset.name);
      const value = input.value;
      if (value === '') {
        if (p.required) return void (status.textContent = `${p.name} is required.`);
        continue;
      }
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
      else if (p.in === 'query') url.searchParams.append(p.name, value);
      else headers[p.name] = value;
    }
    url.pathname = `${new URL(base).pathname.replace(/\/+$/, '')}${path}`;
    if (op.auth === 'apiKey' && apiKey.value) headers.Authorization = apiKey.value;
    if (op.auth === 'bearer' && token.value) headers.Authorization = `Bearer ${token.value}`;
    headers['Content-Type'] = 'application/json';
    const init = { method: op.method, headers };
    if (op.body !== null && body.value.trim() !== '') init.body = body.value;
    status.textContent = `${op.method} ${url} …`;
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      const gap = response.headers.get('X-Mock-Gap');
      status.textContent = `${response.status} ${response.statusText}${gap ? `\nX-Mock-Gap: ${gap}` : ''}`;
      try {
        answer.textContent = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        answer.textContent = text;
      }
    } catch (error) {
      status.textContent = `No answer from ${url.origin}: ${error.message} (is it running, and does it allow this page's origin?)`;
    }
  });
  show();
})();
