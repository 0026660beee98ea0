import { badRequest } from '../../errors';
import { isReservedPath, normalizePath } from '../cms/site';
import type { ModelHooks } from '../documents/hooks';
import type { Doc } from '../documents/service';
import { PageRepository } from './repository';

/** How many redirects a chain may follow before the check gives up (a browser stops at about 20). */
const MAX_HOPS = 20;

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The site path a redirect's target names (a path, or a URL on the site's own domain), or undefined elsewhere. */
function sitePath(to: unknown, domains: string[]): string | undefined {
  if (typeof to !== 'string') return undefined;
  if (to.startsWith('/')) return normalizePath(to);
  try {
    const url = new URL(to);
    return domains.includes(bare(url.hostname)) ? normalizePath(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** What `?` and `#` start in an address, which the site does not match a redirect's path on. */
const CUT = {
  '?': 'the query (? and what follows) is not part of the path the site matches redirects on',
  '#': 'browsers never send the anchor (# and what follows) to the site',
} as const;

/**
 * A `from` holding `?` or `#` is refused: the site looks a redirect up by the visitor's path alone, so once cut
 * to its path (as it used to be, silently) it would not be the redirect the user typed, and as typed it would
 * never match. Percent-encoded (`%3F`, `%23`) they are refused too: stored decoded, they read as a query or an
 * anchor, and a visitor typing the path as shown would not be redirected.
 */
function assertPathAlone(from: string): void {
  // Not a path at all: the schema's pattern says so.
  if (!from.startsWith('/')) return;
  const literal = /[?#]/.exec(from);
  const encoded = /%(3f|23)/i.exec(from);
  if (!literal && !encoded) return;
  let message: string;
  if (literal && (!encoded || literal.index < encoded.index)) {
    const sign = literal[0] as '?' | '#';
    const path = normalizePath(from.slice(0, literal.index));
    message = `must be a path alone, without ${sign}: ${CUT[sign]}, so this redirect would never be followed${path ? `; use ${path}` : ''}`;
  } else {
    const sign = encoded![1] === '23' ? '#' : '?';
    message = `must be a path alone, without ${encoded![0]} (an encoded ${sign}): a path holding ${sign} reads as one with ${sign === '?' ? 'a query' : 'an anchor'}, and a visitor typing it so would not be redirected`;
  }
  throw badRequest(`from ${message}`, { fields: [{ field: 'from', message }] });
}

/**
 * A redirect's `from` is kept in the form the site looks paths up in, is no published page's path (the page
 * would be shown instead, the redirect never followed), and a redirect must not lead back to
 * where it starts, directly (/a → /a) or through other redirects (/a → /b → /a): visitors would bounce until
 * the browser gives up (ERR_TOO_MANY_REDIRECTS).
 */
export const redirectHooks: ModelHooks = {
  // Stored as the site looks it up (/kontakt/ and //kontakt are /kontakt): otherwise it would never match.
  // One stored before, left as it was, is kept as it is.
  beforeValidate({ doc, existing }) {
    if (typeof doc.from !== 'string' || doc.from === existing?.from) return;
    assertPathAlone(doc.from);
    const from = normalizePath(doc.from);
    if (from) doc.from = from;
  },
  async beforeWrite({ tx, doc, existing }) {
    const from = normalizePath(String(doc.from));
    if (from && isReservedPath(from)) {
      const message = `${from} is reserved (admin, API, assets): the site never redirects it`;
      throw badRequest(`from ${message}`, { fields: [{ field: 'from', message }] });
    }
    // '//host/…' is a URL on another site without its scheme: it would send visitors away over plain http.
    if (typeof doc.to === 'string' && /^\/[/\\]/.test(doc.to)) {
      const message = 'must be a path on this site (/…) or a full URL (https://…)';
      throw badRequest(`to ${message}`, { fields: [{ field: 'to', message }] });
    }
    const pages = new PageRepository(tx.queryable);
    // Pages come first at a path: a redirect from a published page's path would never be followed.
    if (from && (await pages.publicPageAt(from))) {
      const message = `${from} is a published page, which visitors are shown instead of a redirect: move or delete the page first`;
      throw badRequest(`from ${message}`, { fields: [{ field: 'from', message }] });
    }
    const domains = (await pages.siteDomains()).map(bare);
    let to = sitePath(doc.to, domains);
    if (!from || !to) return;
    const chain = [from];
    for (let hop = 0; to && hop < MAX_HOPS; hop++) {
      if (to === from) {
        const message =
          hop === 0
            ? `must lead somewhere other than from (${from})`
            : `leads back to ${from}: ${[...chain, to].join(' → ')}`;
        // Named at the field, so the form marks To.
        throw badRequest(`to ${message}`, { fields: [{ field: 'to', message }] });
      }
      chain.push(to);
      const next: Doc | undefined = (await pages.redirectsTouching(to)).find(
        (redirect) => redirect._id !== existing?._id && normalizePath(String(redirect.from)) === to,
      );
      to = next && sitePath(next.to, domains);
    }
  },
};
