import { describe, expect, it } from 'vitest';
import {
  ELEMENT_FORMAT,
  ELEMENT_MIGRATIONS,
  ElementFormatTooNew,
  elementFormatOf,
  mapElementNodes,
  upgradeElementDocument,
} from './elementFormat';

const legacyPage = () => ({
  name: 'Alt',
  elements: [
    { tag: 'icon', props: { icon: 'home', size: { amount: 2, type: 'rem' } } },
    {
      tag: 'section',
      props: {
        children: [
          { tag: 'button', props: { text: 'Hilfe', icon: 'help-circle' } },
          { tag: 'paragraph', props: { text: 'home bleibt Text' } },
        ],
      },
    },
  ],
});

describe('element format migrations', () => {
  it('are ordered: step n upgrades from format n, and the current format is one past the last', () => {
    ELEMENT_MIGRATIONS.forEach((step, index) => expect(step.from).toBe(index));
    expect(ELEMENT_FORMAT).toBe(ELEMENT_MIGRATIONS.length);
  });

  it('reads a missing or malformed format as 0', () => {
    expect(elementFormatOf({})).toBe(0);
    expect(elementFormatOf({ _elementFormat: 'x' })).toBe(0);
    expect(elementFormatOf({ _elementFormat: 1 })).toBe(1);
  });

  it('0 -> 1 renames the icons lucide renamed, in nested slots, layouts and footers, without touching its input', () => {
    const page = legacyPage();
    const before = structuredClone(page);
    const upgraded = upgradeElementDocument(page);
    expect(page).toEqual(before);
    expect(upgraded._elementFormat).toBe(ELEMENT_FORMAT);
    expect(upgraded.elements[0].props.icon).toBe('house');
    expect(JSON.stringify(upgraded.elements[1])).toContain('"icon":"info"');
    expect(JSON.stringify(upgraded.elements[1])).toContain('home bleibt Text');

    const layout = upgradeElementDocument({
      name: 'Standard',
      elements: [
        {
          position: 1000,
          element: {
            tag: 'footer',
            props: { columns: [{ title: 'Kontakt', icons: [{ icon: 'check-circle', href: '/', label: 'OK' }] }] },
          },
        },
      ],
    });
    expect(layout.elements[0].element.props.columns[0].icons[0].icon).toBe('circle-check');
  });

  it('leaves a current document as it is and refuses a newer one', () => {
    const current = upgradeElementDocument(legacyPage());
    expect(upgradeElementDocument(current)).toBe(current);
    expect(() => upgradeElementDocument({ _elementFormat: ELEMENT_FORMAT + 1, elements: [] })).toThrow(
      ElementFormatTooNew,
    );
  });

  it('maps element nodes only, children before their parents', () => {
    const seen: string[] = [];
    mapElementNodes(legacyPage().elements, (node) => {
      seen.push(node.tag);
      return node;
    });
    expect(seen).toEqual(['icon', 'button', 'paragraph', 'section']);
  });
});
