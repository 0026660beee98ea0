/** Message for a required form field left empty (only shown when validation is on). */
export function requiredFieldMessage(label: string): string {
  return `Feld ${label} ist erforderlich`;
}
