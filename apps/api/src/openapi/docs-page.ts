/**
 * The interactive reference at `/docs`: a page and a script served by this server (no CDN, and no
 * inline script, so the strict Content-Security-Policy holds). It reads `/openapi.json`, lists the
 * operations by service with a search, shows each one's parameters, bodies, answers and auth, and
 * sends a request with the token given on the page.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pult API reference</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 0; color: #212121; background: #FAFAFA; }
  header { background: #1976D2; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 20px; margin: 0 16px 0 0; font-weight: 500; }
  header input { padding: 6px 8px; border: 0; border-radius: 4px; min-width: 260px; }
  main { padding: 16px 24px; max-width: 1200px; }
  h2 { font-weight: 500; margin: 24px 0 8px; text-transform: capitalize; }
  details { background: #fff; border: 1px solid #e0e0e0; border-radius: 4px; margin: 6px 0; }
  summary { cursor: pointer; padding: 8px 12px; font-family: ui-monospace, monospace; }
  .m { display: inline-block; min-width: 64px; font-weight: 700; }
  .get { color: #1565C0; } .post { color: #2E7D32; } .put { color: #EF6C00; } .delete { color: #C62828; } .patch { color: #6A1B9A; }
  .lock { color: #616161; font-size: 12px; margin-left: 8px; font-family: system-ui, sans-serif; }
  .body { padding: 0 12px 12px; }
  pre { background: #f5f5f5; padding: 8px; overflow: auto; max-height: 320px; font-size: 12px; }
  table { border-collapse: collapse; } td, th { border-bottom: 1px solid #eee; padding: 4px 8px; text-align: left; vertical-align: top; }
  textarea, .try input { width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: 12px; }
  button { background: #1976D2; color: #fff; border: 0; border-radius: 4px; padding: 6px 14px; cursor: pointer; margin-top: 6px; }
  label { display: block; margin-top: 6px; color: #616161; }
</style>
</head>
<body>
<header>
  <h1>Pult API reference</h1>
  <input id="search" type="search" placeholder="Filter: path or method" aria-label="Filter operations">
  <input id="token" type="password" placeholder="Bearer token (optional)" aria-label="Bearer token">
  <input id="apikey" type="password" placeholder="X-Api-Key (optional)" aria-label="X-Api-Key">
  <a href="/openapi.json" style="color:#fff">openapi.json</a>
</header>
<main id="app"><p>Loading…</p></main>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

export const DOCS_JS = `'use strict';
(async function () {
  const app = document.getElementById('app');
  const search = document.getElementById('search');
  const token = document.getElementById('token');
  const apikey = document.getElementById('apikey');
  token.value = sessionStorage.getItem('pult-docs-token') || '';
  token.addEventListener('change', () => sessionStorage.setItem('pult-docs-token', token.value));
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === 'class') node.className = value; else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  };
  const pretty = (value) => el('pre', {}, JSON.stringify(value, null, 2));
  const doc = await (await fetch('/openapi.json')).json();
  const resolve = (schema) => (schema && schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
  app.textContent = '';
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  const rows = [];
  for (const [tag, ops] of byTag) {
    const section = el('section', {}, el('h2', {}, tag));
    for (const { path, method, op } of ops) {
      const secured = (op.security || []).map((s) => Object.keys(s).join('+') || 'none').join(' or ');
      const details = el('details', {}, el('summary', {}, el('span', { class: 'm ' + method }, method.toUpperCase()), path,
        el('span', { class: 'lock' }, secured ? 'auth: ' + secured : '')));
      details.addEventListener('toggle', () => {
        if (!details.open || details.dataset.rendered) return;
        details.dataset.rendered = '1';
        const body = el('div', { class: 'body' });
        const params = op.parameters || [];
        if (params.length) {
          const table = el('table', {}, el('tr', {}, el('th', {}, 'parameter'), el('th', {}, 'in'), el('th', {}, 'schema')));
          for (const p of params) table.append(el('tr', {}, el('td', {}, p.name + (p.required ? ' *' : '')), el('td', {}, p.in),
            el('td', {}, (p.description ? p.description + ' ' : '') + JSON.stringify(p.schema))));
          body.append(el('h4', {}, 'Parameters'), table);
        }
        if (op.requestBody) body.append(el('h4', {}, 'Request body'), pretty(op.requestBody.content['application/json'].schema));
        body.append(el('h4', {}, 'Responses'));
        for (const [status, response] of Object.entries(op.responses)) {
          const schema = response.content && resolve(response.content['application/json'].schema);
          body.append(el('div', {}, el('strong', {}, status + ' '), response.description || ''));
          if (schema) body.append(pretty(schema));
        }
        const pathInputs = params.filter((p) => p.in === 'path').map((p) => {
          const input = el('input', { 'aria-label': p.name, placeholder: p.name });
          body.append(el('label', {}, p.name), input);
          return { name: p.name, input };
        });
        const query = el('input', { placeholder: 'page=1&perPage=10', 'aria-label': 'query string' });
        const payload = el('textarea', { rows: '5', 'aria-label': 'request body' });
        const output = el('pre', {}, '');
        const send = el('button', { type: 'button' }, 'Send');
        send.addEventListener('click', async () => {
          let url = path;
          for (const { name, input } of pathInputs) url = url.replace('{' + name + '}', encodeURIComponent(input.value));
          if (query.value) url += '?' + query.value;
          const headers = { Accept: 'application/json' };
          if (token.value) headers.Authorization = 'Bearer ' + token.value;
          if (apikey.value) headers['X-Api-Key'] = apikey.value;
          if (payload.value) headers['Content-Type'] = 'application/json';
          output.textContent = '…';
          try {
            const response = await fetch(url, { method: method.toUpperCase(), headers, body: payload.value || undefined });
            const text = await response.text();
            let shown = text;
            try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) {}
            output.textContent = response.status + ' ' + response.statusText + '\\n' + shown;
          } catch (error) { output.textContent = String(error); }
        });
        const tryIt = el('div', { class: 'try' }, el('h4', {}, 'Try it'), el('label', {}, 'Query string'), query);
        if (method !== 'get') tryIt.append(el('label', {}, 'JSON body'), payload);
        tryIt.append(send, output);
        body.append(tryIt);
        details.append(body);
      });
      rows.push({ details, text: (method + ' ' + path).toLowerCase(), section });
      section.append(details);
    }
    app.append(section);
  }
  search.addEventListener('input', () => {
    const words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    for (const row of rows) row.details.hidden = !words.every((word) => row.text.includes(word));
  });
})();
`;
