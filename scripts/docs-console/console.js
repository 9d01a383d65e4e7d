// The documentation site's console (inlined into the page by scripts/docs-console/inject.ts): a "Try it"
// in each operation's section sends that operation's request (JSON, or a multipart form built by the
// browser from the files picked) to the server the reader picks, with their API key or access token,
// and shows the answer there. The page itself may connect to its own origin only: requests go through
// console-frame.html, a frame rebuilt for each chosen server whose own policy names that origin alone.
(() => {
  const data = JSON.parse(document.getElementById('try-console-data').textContent);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);
  // The mock serves the site at /docs/ on a loopback address: its API is then beside the page.
  const servedByMock = /^https?:$/.test(location.protocol) && loopback && location.pathname.startsWith('/docs/');
  const shared = {
    server: servedByMock
      ? `${location.origin}/api`
      : (data.servers.find((url) => url.includes('{')) ?? data.servers[0] ?? ''),
    apiKey: servedByMock ? 'mock-api-key' : '',
    token: servedByMock ? 'mock-access-token' : '',
  };
  const byId = new Map(data.operations.map((op) => [op.id.toLowerCase(), op]));

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

  // The sender frame of the chosen origin; replaced (with its pending requests failed) on another origin.
  let sender = null;
  const waiting = new Map();
  let nextId = 1;
  const senderFor = (origin) => {
    if (sender?.origin === origin) return sender.ready;
    sender?.frame.remove();
    for (const request of waiting.values()) request.fail('the server was changed before the answer came');
    waiting.clear();
    const frame = el('iframe', {
      id: 'try-console-frame',
      src: `console-frame.html#${encodeURIComponent(origin)}`,
      title: 'Try it: sends to the chosen server only',
      hidden: '',
    });
    let settle;
    const ready = new Promise((resolve, reject) => {
      settle = { resolve, reject };
      setTimeout(() => reject(new Error('console-frame.html did not load beside the page')), 10_000);
    });
    sender = { origin, frame, ready, settle };
    document.body.append(frame);
    return ready;
  };
  window.addEventListener('message', (event) => {
    if (!sender || event.source !== sender.frame.contentWindow || event.origin !== location.origin) return;
    const message = event.data;
    if (message.type === 'ready')
      message.error ? sender.settle.reject(new Error(message.error)) : sender.settle.resolve();
    else if (message.type === 'answer') {
      waiting.get(message.id)?.done(message);
      waiting.delete(message.id);
    } else if (message.type === 'blocked')
      for (const status of document.querySelectorAll('.tc-status'))
        if (status.dataset.pending === message.blockedURI)
          status.textContent = `Blocked: ${message.blockedURI} is not on the chosen server (${sender.origin}).`;
  });
  const request = (payload) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { done: resolve, fail: (why) => reject(new Error(why)) });
      sender.frame.contentWindow.postMessage({ ...payload, id }, location.origin);
    });

  const serverInputs = () => document.querySelectorAll('.tc-server');
  const chooseServer = (value) => {
    shared.server = value;
    for (const input of serverInputs()) if (input.value !== value) input.value = value;
    try {
      const url = new URL(value.trim());
      if (/^https?:$/.test(url.protocol) && !/[{}]/.test(value)) senderFor(url.origin).catch(() => undefined);
    } catch {
      // Not an address yet: the reader is still typing.
    }
  };

  const formFor = (op) => {
    const server = el('input', { class: 'tc-server', list: 'tc-servers', value: shared.server, spellcheck: 'false' });
    server.addEventListener('change', () => chooseServer(server.value));
    const apiKey = el('input', { class: 'tc-api-key', value: shared.apiKey, autocomplete: 'off' });
    // One credential for the page: a change shows in every open form.
    const share = (input, key, selector) =>
      input.addEventListener('input', () => {
        shared[key] = input.value;
        for (const other of document.querySelectorAll(selector)) if (other !== input) other.value = input.value;
      });
    share(apiKey, 'apiKey', '.tc-api-key');
    const token = el('input', { class: 'tc-token', value: shared.token, autocomplete: 'off' });
    share(token, 'token', '.tc-token');
    const params = op.params.map((p) =>
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
    );
    const parts = (op.form ?? []).map((part) =>
      field(
        `${part.name} (${part.file ? (part.multiple ? 'files' : 'file') : 'text'}${part.required ? ', required' : ''})`,
        part.file
          ? el('input', { type: 'file', 'data-part': part.name, ...(part.multiple ? { multiple: '' } : {}) })
          : el('input', {
              'data-part': part.name,
              value: part.required ? part.example : '',
              placeholder: part.example,
            }),
      ),
    );
    const body = op.body === null ? null : el('textarea', { class: 'tc-body', rows: '8', spellcheck: 'false' });
    if (body) body.value = op.body;
    const credential =
      op.auth === 'bearer'
        ? [field('Access token (Bearer)', token)]
        : op.auth === 'apiKey'
          ? [field('API key (Authorization)', apiKey)]
          : [];
    const note =
      op.unsupported ??
      (op.form ? 'Sends multipart/form-data built by the browser from the files you pick. ' : '') +
        (op.auth === 'none' ? 'Sends no credential.' : 'Sends the credential in Authorization.');
    const send = el('button', { class: 'tc-send', type: 'button', text: 'Send' });
    const status = el('pre', { class: 'tc-status' });
    const answer = el('pre', { class: 'tc-response' });
    send.addEventListener('click', () => sendFrom(op, form, status, answer));
    const form = el(
      'form',
      { class: 'tc-form', 'data-operation': op.id, 'aria-label': `Try ${op.method} ${op.path}` },
      field('Server', server),
      ...credential,
      ...params,
      ...parts,
      ...(body ? [field('JSON body', body)] : []),
      el('p', { class: 'tc-note', text: note }),
      send,
      status,
      answer,
    );
    form.addEventListener('submit', (event) => event.preventDefault());
    return form;
  };

  const sendFrom = async (op, form, status, answer) => {
    status.textContent = '';
    answer.textContent = '';
    const say = (text) => void (status.textContent = text);
    const base = shared.server.trim().replace(/\/+$/, '');
    if (/[{}]/.test(base)) return say('Fill in the server address (replace {host}).');
    let url;
    try {
      url = new URL(`${base}${op.path}`);
    } catch {
      return say(`Not a server address: ${base}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return say('The server address must start with http:// or https://.');
    const headers = {};
    let path = op.path;
    for (const input of form.querySelectorAll('input[data-name]')) {
      const p = op.params.find((q) => q.name === input.dataset.name);
      if (input.value === '') {
        if (p.required) return say(`${p.name} is required.`);
        continue;
      }
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(input.value));
      else if (p.in === 'query') url.searchParams.append(p.name, input.value);
      else headers[p.name] = input.value;
    }
    url.pathname = `${new URL(base).pathname.replace(/\/+$/, '')}${path}`;
    if (op.auth === 'apiKey' && shared.apiKey) headers.Authorization = shared.apiKey;
    if (op.auth === 'bearer' && shared.token) headers.Authorization = `Bearer ${shared.token}`;
    const payload = { method: op.method, url: url.href, headers, body: null, parts: null };
    if (op.form) {
      // The browser writes the multipart body and its boundary: no Content-Type is set here.
      payload.parts = [];
      for (const part of op.form) {
        const input = form.querySelector(`input[data-part="${part.name}"]`);
        const values = part.file ? [...input.files] : input.value === '' ? [] : [input.value];
        if (part.required && values.length === 0) return say(`${part.name} is required.`);
        for (const value of values) payload.parts.push([part.name, value]);
      }
    } else {
      headers['Content-Type'] = 'application/json';
      const body = form.querySelector('.tc-body');
      if (body && body.value.trim() !== '') payload.body = body.value;
    }
    say(`${op.method} ${url} …`);
    status.dataset.pending = url.href;
    try {
      await senderFor(url.origin);
      const got = await request(payload);
      if (got.error) throw new Error(got.error);
      say(`${got.status} ${got.statusText}${got.gap ? `\nX-Mock-Gap: ${got.gap}` : ''}`);
      try {
        answer.textContent = JSON.stringify(JSON.parse(got.text), null, 2);
      } catch {
        answer.textContent = got.text;
      }
    } catch (error) {
      if (status.textContent.startsWith('Blocked')) return;
      say(`No answer from ${url.origin}: ${error.message} (is it running, and does it allow this page's origin?)`);
    } finally {
      delete status.dataset.pending;
    }
  };

  // Redoc renders operation sections as they come near the view (and may render one again): each
  // rendered section gets its bar, once; the form is built when the reader opens it.
  const attach = () => {
    for (const section of document.querySelectorAll('[data-item-kind="httpItem"]')) {
      if (section.querySelector('.tc-bar')) continue;
      const op = byId.get((section.getAttribute('data-section-id') ?? '').split('/').pop().toLowerCase());
      const heading = section.querySelector('h2');
      if (!op || !heading) continue;
      const open = el('button', { class: 'tc-open', type: 'button', 'aria-expanded': 'false', text: 'Try it' });
      const bar = el('div', { class: 'tc-bar', 'data-operation': op.id }, open);
      open.addEventListener('click', () => {
        const form = bar.querySelector('.tc-form') ?? bar.appendChild(formFor(op));
        form.hidden = open.getAttribute('aria-expanded') === 'true';
        open.setAttribute('aria-expanded', String(!form.hidden));
      });
      // Under the heading's whole row (the title and Redoc's page actions), full width.
      const panel = heading.closest('[data-testid="middle-panel"]');
      let row = heading;
      while (row.parentElement && row.parentElement !== panel) row = row.parentElement;
      (panel ? row : heading.parentElement).after(bar);
    }
  };
  const servers = el('datalist', { id: 'tc-servers' });
  for (const url of new Set([...(servedByMock ? [shared.server] : []), ...data.servers]))
    servers.append(el('option', { value: url }));
  document.body.append(servers);
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      attach();
    });
  }).observe(document.body, { childList: true, subtree: true });
  attach();
})();
