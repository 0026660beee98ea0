import { badRequest } from '../../errors';
import { LIMITS, shorten } from './context';

/**
 * JavaScript regular expressions (what MongoDB clients and mingo evaluate) rewritten for
 * PostgreSQL's ARE engine. Where the two engines read a construct differently and no faithful
 * rewrite exists (lookarounds, backreferences, named groups, POSIX bracket classes, `\p{}`,
 * letter escapes JS treats as literals), the pattern is refused rather than silently changed.
 */
export interface PosixRegex {
  source: string;
  insensitive: boolean;
}

/** `.` in JS stops at line terminators; in ARE it matches everything. */
const DOT = '[^\\n\\r\\u2028\\u2029]';
/** JS's classes are ASCII (`\s`: its own list); ARE's follow the locale, so they are spelled out. */
const CLASS_MEMBERS: Record<string, string> = {
  d: '0-9',
  w: 'A-Za-z0-9_',
  s: '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff',
};
/** ARE's `\y` knows locale word characters; JS's `\b` ASCII ones. Our own bounded lookarounds say what JS means. */
const WORD = '[A-Za-z0-9_]';
const WORD_BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
const NOT_WORD_BOUNDARY = `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`;
/** Escapes with the same meaning in both engines; inside brackets JS reads `\b` as backspace, as ARE does. */
const SAME_ESCAPES = new Set(['n', 'r', 't', 'f', 'v']);
const QUANTIFIER = /^\{(\d{1,3})(?:(,)(\d{1,3})?)?\}/;

export function translateRegex(pattern: unknown, options: unknown, label: string): PosixRegex {
  if (typeof pattern !== 'string') throw badRequest(`$regex on ${label} needs a string`);
  if (pattern.length > LIMITS.regexLength)
    throw badRequest(`$regex on ${label} is longer than ${LIMITS.regexLength} characters`);
  if (options !== undefined && options !== '' && options !== 'i') {
    throw badRequest(`Unsupported $options ${shorten(String(options))} on ${label}: only 'i' is allowed`);
  }
  try {
    new RegExp(pattern);
  } catch {
    throw badRequest(`Invalid regular expression on ${label}`);
  }
  return { source: rewrite(pattern, label), insensitive: options === 'i' };
}

function rewrite(pattern: string, label: string): string {
  const refuse = (what: string) => badRequest(`Unsupported regular expression on ${label}: ${what}`);
  let out = '';
  let inClass = false;
  /** Position of the last class escape (`\d`) or range dash inside brackets, to refuse `[\d-z]`. */
  let lastShorthand = -2;
  let lastDash = -2;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1];
      const escape = translateEscape(pattern, i, inClass);
      if (escape === undefined) throw refuse(`\\${next} is not supported`);
      if (inClass && 'dws'.includes(next)) {
        if (lastDash === i - 1) throw refuse('a range next to \\d, \\w or \\s');
        lastShorthand = i + 1;
      }
      out += escape.text;
      i += escape.length - 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '-' && pattern[i + 1] !== ']') {
        if (lastShorthand === i - 1) throw refuse('a range next to \\d, \\w or \\s');
        lastDash = i;
      }
      // ARE reads `[:`, `[=` and `[.` inside brackets as POSIX classes; JS as literal characters.
      out += c === '[' ? '\\[' : c;
      continue;
    }
    if (c === '[') {
      const negated = pattern[i + 1] === '^';
      if (pattern[i + (negated ? 2 : 1)] === ']') throw refuse('empty character classes ([] and [^])');
      inClass = true;
      out += negated ? '[^' : '[';
      if (negated) i++;
    } else if (c === '(' && pattern[i + 1] === '?') {
      if (pattern[i + 2] !== ':') throw refuse('lookarounds and named groups');
      out += '(?:';
      i += 2;
    } else if (c === '{') {
      const match = QUANTIFIER.exec(pattern.slice(i));
      if (!match) throw refuse('a literal { must be written \\{');
      const [, min, comma, max] = match;
      if (Number(min) > 255 || Number(max ?? 0) > 255) throw refuse('repetition counts above 255');
      out += `{${Number(min)}${comma ?? ''}${max === undefined ? '' : Number(max)}}`;
      i += match[0].length - 1;
    } else if (c === '.') out += DOT;
    else if (c === ']' || c === '}') out += `\\${c}`;
    else out += c;
  }
  return out;
}

function translateEscape(pattern: string, at: number, inClass: boolean): { text: string; length: number } | undefined {
  const next = pattern[at + 1];
  if (next === undefined) return undefined;
  if (SAME_ESCAPES.has(next) || (inClass && next === 'b')) return { text: `\\${next}`, length: 2 };
  const lower = next.toLowerCase();
  if (Object.hasOwn(CLASS_MEMBERS, lower)) {
    const members = CLASS_MEMBERS[lower];
    if (next === lower) return { text: inClass ? members : `[${members}]`, length: 2 };
    // Inside brackets a negated class (`[\W]`) has no ARE spelling.
    return inClass ? undefined : { text: `[^${members}]`, length: 2 };
  }
  if (!inClass && (next === 'b' || next === 'B'))
    return { text: next === 'b' ? WORD_BOUNDARY : NOT_WORD_BOUNDARY, length: 2 };
  if (next === 'x') {
    // JS reads exactly two hex digits; ARE would swallow any that follow.
    const hex = /^[0-9A-Fa-f]{2}/.exec(pattern.slice(at + 2))?.[0];
    return hex ? { text: `\\u00${hex}`, length: 4 } : undefined;
  }
  if (next === 'u') {
    const hex = /^[0-9A-Fa-f]{4}/.exec(pattern.slice(at + 2))?.[0];
    return hex ? { text: `\\u${hex}`, length: 6 } : undefined;
  }
  // Backreferences, \0, \c, \k, \p and letters JS reads as themselves: no faithful ARE spelling.
  if (/[0-9A-Za-z]/.test(next)) return undefined;
  // A non-ASCII character needs no escape, and ARE might read an escaped letter as a class.
  if (next.charCodeAt(0) > 0x7f) return { text: next, length: 2 };
  return { text: `\\${next}`, length: 2 };
}
