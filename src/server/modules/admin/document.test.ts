import { describe, expect, it } from 'vitest';
import { PRELOAD_ELEMENT_ID } from '../../../shared/api/earlyRequests';
import { buildTags, parseAdminTemplate, renderAdminDocument } from './document';

const BUILT = `<!doctype html>
<html lang="de">
  <head>
    <title>Admin</title>
    <script type="module" crossorigin src="/assets/admin-1.js"></script>
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
      head: '<script>early</script>',
    });
    const [before, after] = html.split('<title>Admin</title>');
    expect(before).toBe(BUILT.split('<title>')[0]);
    expect(after.startsWith('<script>early</script><script>try{')).toBe(true);
    expect(after).toContain('["/assets/AdminApp-2.js","/assets/react-3.js"]');
    expect(after).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin');
    // The build's own tags stay as built, the entry script among them.
    expect(after).toContain(BUILT.slice(BUILT.indexOf('</title>') + '</title>'.length));
  });

  it('puts a prerendered page into the root and starts the entry after the first paint', () => {
    const template = parseAdminTemplate(BUILT);
    const html = renderAdminDocument(template, {
      title: 'Clients <2> - Admin',
      page: { markup: '<main>Clients</main>', preload: { session: { permissions: [] } } },
    });
    expect(html).toContain('<title>Clients &#60;2&#62; - Admin</title>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      `<div id="root" aria-busy="true"><main>Clients</main></div><script type="application/json" id="${PRELOAD_ELEMENT_ID}">`,
    );
    expect(html).toContain('s.src="/assets/admin-1.js"');
    expect(html.indexOf('requestAnimationFrame')).toBeGreaterThan(html.indexOf(PRELOAD_ELEMENT_ID));
  });

  it('refuses a build without a title or a root element', () => {
    expect(() => parseAdminTemplate('<html><body></body></html>')).toThrow(/no <title> or no <div id="root">/);
  });
});
