import { describe, expect, it } from 'vitest';
import { PRELOAD_ELEMENT_ID } from '../../../shared/api/earlyRequests';
import { buildTags, parseAdminTemplate, renderAdminDocument } from './document';

const BUILT = `<!doctype html>
<html lang="de">
  <head>
    <title>Admin</title>
    <script type="module" crossorigin src="/assets/admin-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-3.js">
    <link rel="stylesheet" crossorigin href="/assets/admin-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'src/admin/index.html': { file: 'assets/admin-1.js', assets: ['assets/inter-latin-wght-normal-X1.woff2'] },
  'src/admin/AdminApp.tsx': { file: 'assets/AdminApp-2.js', imports: ['_react-3.js'] },
  '_react-3.js': { file: 'assets/react-3.js' },
};

describe('admin document', () => {
  it('writes the built document with the build tags and early requests after the title', () => {
    const html = renderAdminDocument(parseAdminTemplate(BUILT, buildTags(MANIFEST)), {
      early: [{ method: 'GET', path: '/api/schemas' }],
    });
    const [before, after] = html.split('<title>Admin</title>');
    expect(before).toBe(BUILT.split('<title>')[0]);
    expect(after).toMatch(/^<script>\(function\(\)\{var l;[^<]*"GET \/api\/schemas "[^<]*<\/script><script>try\{/);
    expect(after).toContain('["/assets/AdminApp-2.js","/assets/react-3.js"]');
    expect(after).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin');
    // The build's own tags stay as built, the entry script among them.
    expect(after).toContain(BUILT.slice(BUILT.indexOf('</title>') + '</title>'.length));
  });

  it('puts a prerendered page into the root, with the rules it uses; requests and code start after the first paint', () => {
    const template = parseAdminTemplate(BUILT, buildTags(MANIFEST), (markup) => `main{--for:"${markup}"}`);
    const html = renderAdminDocument(template, {
      title: 'Clients <2> - Admin',
      early: [{ method: 'GET', path: '/api/schemas' }],
      page: { markup: '<main>Clients</main>', preload: { session: { permissions: [] } } },
    });
    expect(html).toContain('<title>Clients &#60;2&#62; - Admin</title>');
    // Before the page: the rules the markup uses; no stylesheet, font, script or module download to wait for.
    const [head, body] = html.split('<div id="root"');
    expect(head).toContain('<style>main{--for:"<main>Clients</main>"}</style>');
    expect(head).not.toContain('as="font"');
    expect(head.replace(/<noscript>.*?<\/noscript>/, '')).not.toMatch(/<script|modulepreload|rel="stylesheet"/);
    expect(head).toContain('<noscript><link rel="stylesheet" crossorigin href="/assets/admin-1.css"></noscript>');
    expect(body).toContain(
      ` aria-busy="true"><main>Clients</main></div><script type="application/json" id="${PRELOAD_ELEMENT_ID}">`,
    );
    // Once the first paint is reported (or a second has passed): the stylesheet, the schemas, the modules, the entry.
    const later = body.slice(body.indexOf('function go(){'));
    expect(later).toMatch(/^function go\(\)\{if\(d\)return;d=true;\["\/assets\/admin-1.css"\]/);
    expect(later).toContain('observe({type:"paint",buffered:true})');
    expect(later).toContain('setTimeout(go,1000)');
    expect(later).toContain('l.rel="stylesheet"');
    expect(later).toContain('"GET /api/schemas "');
    expect(later).toContain('["/assets/react-3.js","/assets/AdminApp-2.js"].forEach(');
    expect(later).toContain('s.src="/assets/admin-1.js"');
  });

  it('links the stylesheet before a prerendered page when it has no critical-CSS function', () => {
    const html = renderAdminDocument(parseAdminTemplate(BUILT), {
      page: { markup: '<main>Clients</main>', preload: { session: { permissions: [] } } },
    });
    const [head, body] = html.split('<div id="root"');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/admin-1.css">');
    expect(head).not.toContain('<style>');
    expect(body).not.toContain('l.rel="stylesheet"');
  });

  it('refuses a build without a title or a root element', () => {
    expect(() => parseAdminTemplate('<html><body></body></html>')).toThrow(/no <title> or no <div id="root">/);
  });
});
