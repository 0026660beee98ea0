import nspell from 'nspell';
import type { SpellFinding } from '../../../shared/api/pages';

/** Languages of the page schema and their Hunspell dictionaries (npm `dictionary-*`, loaded once, on first use). */
const DICTIONARIES = {
  de: () => import('dictionary-de'),
  en: () => import('dictionary-en'),
  es: () => import('dictionary-es'),
  it: () => import('dictionary-it'),
} as const;
export type SpellLanguage = keyof typeof DICTIONARIES;

const checkers = new Map<SpellLanguage, Promise<ReturnType<typeof nspell>>>();

export function isSpellLanguage(language: unknown): language is SpellLanguage {
  return typeof language === 'string' && Object.hasOwn(DICTIONARIES, language);
}

function checker(language: SpellLanguage) {
  let loading = checkers.get(language);
  if (!loading) {
    loading = DICTIONARIES[language]().then(({ default: dictionary }) =>
      nspell(Buffer.from(dictionary.aff), Buffer.from(dictionary.dic)),
    );
    checkers.set(language, loading);
  }
  return loading;
}

/** Keys whose strings are addresses, ids or settings, never prose. */
const NOT_TEXT = new Set([
  '_id',
  '_parent',
  '_path',
  '_read',
  '_write',
  'project',
  'layout',
  'language',
  'tag',
  'href',
  'url',
  'src',
  'file',
  'image',
  'icon',
  'id',
  'page',
  'type',
  'alignment',
  'variation',
  'side',
  'environment',
  'name',
  'email',
  'phone',
  'format',
  'widget',
]);

/** Prose of a page: every string that is text (titles, texts, rich text, labels), with where it is. */
export function pageTexts(page: Record<string, unknown>): { path: string; text: string }[] {
  const texts: { path: string; text: string }[] = [];
  for (const field of ['name', 'title', 'description'])
    if (typeof page[field] === 'string') texts.push({ path: field, text: page[field] as string });
  const visit = (value: unknown, path: string, key: string, depth: number) => {
    if (depth > 40) return;
    if (typeof value === 'string') {
      if (!NOT_TEXT.has(key) && isProse(value)) texts.push({ path, text: value });
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${path}.${index}`, key, depth + 1));
    else if (value && typeof value === 'object')
      for (const [child, item] of Object.entries(value)) visit(item, `${path}.${child}`, child, depth + 1);
  };
  visit(page.elements, 'elements', 'elements', 0);
  return texts;
}

/** Not an address, an id, a colour or a number. */
function isProse(value: string): boolean {
  const text = value.trim();
  return (
    /\p{L}{2}/u.test(text) &&
    !/^(https?:|mailto:|tel:|\/|#)/.test(text) &&
    !/^[0-9a-f]{24}$/.test(text) &&
    !/^\S+@\S+$/.test(text)
  );
}

/** The words of a text in the inline format: link targets, inline code and addresses are left out. */
export function wordsOf(text: string): string[] {
  const prose = text
    .replace(/\]\([^)]*\)/g, ']') // [label](target): the label is prose, the target is not
    .replace(/`[^`]*`/g, ' ') // inline code
    .replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ');
  return prose.match(/\p{L}+(?:['’-]\p{L}+)*/gu) ?? [];
}

/**
 * Spell-checks texts in a language: words the dictionary does not know, with up to five suggestions,
 * once per word and place. Accepted: the site dictionary's words (any case), abbreviations in capitals
 * and single letters.
 */
export async function spellCheck(
  texts: { path: string; text: string }[],
  language: SpellLanguage,
  accepted: readonly string[],
): Promise<SpellFinding[]> {
  const spell = await checker(language);
  const known = new Set(accepted.map((word) => word.toLocaleLowerCase()));
  const findings: SpellFinding[] = [];
  const suggestions = new Map<string, string[]>();
  for (const { path, text } of texts) {
    const seen = new Set<string>();
    for (const word of wordsOf(text)) {
      if (seen.has(word) || word.length < 2 || /^\p{Lu}+$/u.test(word) || known.has(word.toLocaleLowerCase())) continue;
      seen.add(word);
      if (spell.correct(word) || (language === 'de' && isCompound(spell, word, 3))) continue;
      let suggested = suggestions.get(word);
      if (!suggested) suggestions.set(word, (suggested = spell.suggest(word).slice(0, 5)));
      findings.push({ path, word, suggestions: suggested });
    }
  }
  return findings;
}

const capitalized = (word: string) => word.charAt(0).toLocaleUpperCase('de') + word.slice(1);

/**
 * German writes compounds as one word (Unternehmens|beratung) and Hunspell's dictionary lists only
 * their parts: a word is accepted when it splits into known words, with a linking s or es allowed.
 */
function isCompound(spell: ReturnType<typeof nspell>, word: string, parts: number): boolean {
  const known = (part: string) => spell.correct(part) || spell.correct(capitalized(part));
  for (let cut = 3; cut <= word.length - 3; cut++) {
    const head = word.slice(0, cut);
    const tail = capitalized(word.slice(cut));
    const heads = [head, head.replace(/e?s$/, '')].filter((candidate) => candidate.length >= 3);
    if (!heads.some(known)) continue;
    if (known(tail) || (parts > 2 && isCompound(spell, tail, parts - 1))) return true;
  }
  return false;
}
