// An id, optionally followed by a file extension ("66a1….jpg").
const ID_TOKEN = /^([0-9a-f]{24})(?:\.[A-Za-z0-9]+)?$/;

/**
 * The image's document id: the first 24-character lowercase hex id that is a whole path segment
 * or a whole query value of `src`, e.g. "/files/<id>/x.jpg" or "/api/files/imagePreset?id=<id>".
 * Longer hex runs, uppercase and ids embedded in other text do not count. Null when none is found.
 */
export function imageIdFromSrc(src: string): string | null {
  const withoutOrigin = src.trim().replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i, '');
  const [pathAndQuery = ''] = withoutOrigin.split('#');
  const queryStart = pathAndQuery.indexOf('?');
  const path = queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  const query = queryStart < 0 ? '' : pathAndQuery.slice(queryStart + 1);
  const tokens = [...path.split('/'), ...query.split('&').map((pair) => pair.slice(pair.indexOf('=') + 1))];
  for (const token of tokens) {
    const match = ID_TOKEN.exec(token);
    if (match?.[1]) return match[1];
  }
  return null;
}
