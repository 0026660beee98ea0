import type { SpecialConfiguratorProps } from '../../../shared/generated/types';
import { requiredFieldMessage } from '../../../shared/rules/requiredField';

type Section = NonNullable<SpecialConfiguratorProps['sections']>[number];

/** Chosen option index per section index. */
export type Selection = Record<number, number>;

/** Sum of the chosen options' prices (CHF). */
export function totalPrice(sections: Section[], selection: Selection): number {
  return sections.reduce((sum, section, index) => {
    const choice = selection[index];
    const price = choice === undefined ? 0 : (section.options?.[choice]?.price ?? 0);
    return sum + (Number.isFinite(price) ? price : 0);
  }, 0);
}

/** Every section must be chosen (spec section 5): 'Feld {label} ist erforderlich' per missing one, by index. */
export function missingSections(sections: Section[], selection: Selection): Record<number, string> {
  const errors: Record<number, string> = {};
  sections.forEach((section, index) => {
    if (selection[index] === undefined && section.options?.length)
      errors[index] = requiredFieldMessage(section.label || `${index + 1}`);
  });
  return errors;
}

/** Chosen option labels keyed by section label, as POST /api/event expects them. */
export function sectionsByLabel(sections: Section[], selection: Selection): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  sections.forEach((section, index) => {
    const choice = selection[index];
    if (choice === undefined) return;
    const key = section.label || `Abschnitt ${index + 1}`;
    if (key === '__proto__') return;
    result[key] = section.options?.[choice]?.label ?? '';
  });
  return { ...result };
}

/** Keys of the event body that belong to the configurator itself (POST /api/event). */
const RESERVED = new Set(['name', 'project', 'sections', 'price']);

/**
 * The body of POST /api/event: form name, chosen option per section label, total, and the additional
 * fields alongside; a field whose name the body itself uses (e.g. "name") is sent as "field_name".
 */
export function eventBody(
  name: string,
  sections: Record<string, string>,
  price: number,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) body[RESERVED.has(key) ? `field_${key}` : key] = value;
  return { ...body, name, sections, price };
}
