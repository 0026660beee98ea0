/** What a secret's field says about the stored secret (`_secretsSet`), and whether that needs attention. */
export interface SecretStatus {
  set: boolean;
  text: string;
}

/** A title inside a sentence: `Access code` → `access code`; abbreviations (`PIN`) stay as they are. */
const inSentence = (title: string) =>
  title
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * `set`: whether the stored document holds the secret, as the server answered (undefined when it did not say:
 * a new document, or a caller who may not see the field). Secrets are logins (the server revokes a document's
 * sessions when they change), so a missing one means nobody can log in as the document: `Not set: this user
 * cannot log in until a password is set`, by the model's and the field's titles.
 */
export function secretStatus(
  set: boolean | undefined,
  fieldTitle: string,
  modelTitle: string | undefined,
  /** False where the field is read-only (someone else's, above the caller): nothing to leave empty. */
  changeable = true,
): SecretStatus | undefined {
  if (set === undefined) return undefined;
  if (set) return { set, text: changeable ? 'Set — leave empty to keep it' : 'Set' };
  const who = `this ${inSentence(modelTitle ?? 'account')}`;
  return { set, text: `Not set: ${who} cannot log in until ${withArticle(inSentence(fieldTitle))} is set` };
}

/**
 * What a secret's field says after a save changed it: the server ended the login's sessions, except the one
 * the signed-in user changed their own through.
 */
export function secretChangedText(fieldTitle: string, modelTitle: string | undefined, own: boolean): string {
  const who = own
    ? 'You stay signed in here; your other sessions were signed out.'
    : `Everyone signed in as this ${inSentence(modelTitle ?? 'account')} was signed out.`;
  return `${fieldTitle} changed. ${who}`;
}
