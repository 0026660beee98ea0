/** The input of a field of a public form. */
export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'date' | 'number' | 'textarea' | 'select' | 'checkbox';

/** What a property of a public form's JSON Schema says about its input. */
export interface PropertySchema {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  format?: unknown;
  enum?: unknown;
  maxLength?: unknown;
  'x-widget'?: unknown;
  'x-minDate'?: unknown;
}

/** The input a property of a form's schema gets. */
export function kindOf(property: PropertySchema): FieldKind {
  if (Array.isArray(property.enum)) return 'select';
  if (property.type === 'boolean') return 'checkbox';
  if (property.type === 'number' || property.type === 'integer') return 'number';
  if (property['x-widget'] === 'textarea' || (typeof property.maxLength === 'number' && property.maxLength > 300))
    return 'textarea';
  switch (property.format) {
    case 'email':
      return 'email';
    case 'uri':
      return 'url';
    case 'date':
      return 'date';
    case 'tel':
    case 'phone':
      return 'tel';
    default:
      return 'text';
  }
}

/**
 * Whether a form's schema (`{ properties }`) has a date field: only then does its page load the date fields' code
 * (one that cannot be shown as a form has none).
 */
export function hasDateField(schema: unknown): boolean {
  const properties = (schema as { properties?: unknown } | null | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return false;
  return Object.values(properties).some(
    (property) => !!property && typeof property === 'object' && kindOf(property as PropertySchema) === 'date',
  );
}
