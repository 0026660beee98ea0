const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Path segments percent-encoded as a URL needs them ('/Über uns' -> '/%C3%9Cber%20uns'). */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** sitemaps.org XML of the given pages. */
export function sitemapXml(origin: string, pages: { path: string; updatedAt?: string }[]): string {
  const urls = pages.map(
    (page) =>
      `<url><loc>${escapeXml(origin + encodePath(page.path))}</loc>${page.updatedAt ? `<lastmod>${escapeXml(page.updatedAt.slice(0, 10))}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read the site and the images it shows, not the admin or the rest of the API. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/files/',
    'Disallow: /_',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
