export interface ContactName {
  firstName: string;
  lastName: string;
}

/**
 * Splits on the first space: "Anna Maria Keller" -> Anna / "Maria Keller".
 * Trims and collapses runs of whitespace first; a single word becomes the first name.
 */
export function splitContactName(name: string): ContactName {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [firstName = '', ...rest] = words;
  return { firstName, lastName: rest.join(' ') };
}
