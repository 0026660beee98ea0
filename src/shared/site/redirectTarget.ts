/**
 * Where a redirect sends a visitor: its target with the query string the visitor came with
 * (`/alt?utm_source=x` → `/Termin?utm_source=x`), so campaign tags and links with parameters survive the
 * move. A target with a query of its own keeps it; the visitor's parameters are added, except those the
 * target sets itself (the redirect says what it means). The target's fragment stays at the end.
 */
export function redirectTarget(to: string, search: string): string {
  const visitor = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if ([...visitor.keys()].length === 0) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const own = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);
  const target = new URLSearchParams(own);
  const added = new URLSearchParams();
  for (const [key, value] of visitor) if (!target.has(key)) added.append(key, value);
  const parts = [own, added.toString()].filter(Boolean);
  return `${base}${parts.length ? `?${parts.join('&')}` : ''}${hash}`;
}

/**
 * A redirect target as a `Location` header carries it: ASCII, percent-encoded as a browser encodes what is typed
 * into its address bar (UTF-8: `/Über-uns` → `/%C3%9Cber-uns`, a space → `%20`, an international domain in
 * punycode), line breaks and tabs dropped. Node refuses a header holding characters beyond Latin-1 (a 500) and
 * sends Latin-1 ones as single bytes, which browsers read as another path (`/%DCber-uns`). A path stays a path.
 */
export function locationHeader(target: string): string {
  const relative = target.startsWith('/') && !/^\/[/\\]/.test(target);
  try {
    const url = new URL(target, 'http://site.invalid');
    return relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    // Not a URL at all (stored before targets were checked): its characters encoded one by one.
    return target.replace(/[^\x21-\x7e]/gu, (character) => {
      try {
        return encodeURIComponent(character);
      } catch {
        return '%EF%BF%BD';
      }
    });
  }
}
