import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { withDefaults } from '../../../site/render/elementMeta';
import { emptiedProps, shownProps, storedProps } from './elementDefaults';

const registry = createRegistry(schemaSet);
const form = registry.element('special.form')!;
const stored = { name: 'anmeldung', title: 'Anmeldung' };

describe('element defaults in the element form', () => {
  it('shows the values the public site renders for props left out: the schema defaults', () => {
    const shown = shownProps(form.defaults, stored);
    expect(shown).toMatchObject({ submitLabel: 'Senden', successMessage: 'Formular abgeschickt!', validate: false });
    // The same values as the renderer's, for every element's defaults.
    for (const info of Object.values(registry.elements))
      expect(shownProps(info.defaults, {}), info.tag).toEqual(withDefaults(info.tag as never, {}));
    expect(shownProps(form.defaults, { ...stored, submitLabel: 'Anmelden' }).submitLabel).toBe('Anmelden');
  });

  it('stores only what the user changed: defaults it only showed stay out of the props', () => {
    const shown = shownProps(form.defaults, stored);
    expect(storedProps(shown, stored, form.defaults)).toEqual(stored);
    expect(storedProps({ ...shown, submitLabel: 'Anmelden' }, stored, form.defaults)).toEqual({
      ...stored,
      submitLabel: 'Anmelden',
    });
    // A value the props hold stays, also when it is the default.
    const explicit = { ...stored, submitLabel: 'Senden' };
    expect(storedProps(shownProps(form.defaults, explicit), explicit, form.defaults)).toEqual(explicit);
  });

  it('keeps a field the user emptied empty while they type, and shows the default again once it is typed into', () => {
    const emptied = emptiedProps(new Set(), { ...stored, submitLabel: undefined }, form.defaults);
    expect([...emptied]).toEqual(['submitLabel']);
    // The saved draft leaves the emptied prop out: the field stays empty.
    expect(shownProps(form.defaults, stored, emptied).submitLabel).toBeUndefined();
    expect(emptiedProps(emptied, stored, form.defaults)).toBe(emptied);
    expect([...emptiedProps(emptied, { ...stored, submitLabel: 'A' }, form.defaults)]).toEqual([]);
  });
});
