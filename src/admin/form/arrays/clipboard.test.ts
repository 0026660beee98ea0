// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { prepareSchema } from '../schema/prepareSchema';
import { checkPastedItem, parsePastedItem, readClipboard } from './clipboard';

/** The invoice items' item schema as the form has it: inlined. */
const invoiceItem = prepareSchema(schemaSet.values.invoiceItem, schemaSet);
const option = prepareSchema(schemaSet.elements['special.configurator'], schemaSet).properties!.sections.items!
  .properties!.options.items!;
const problemOf = (value: unknown, schema = invoiceItem) => {
  const checked = checkPastedItem(typeof value === 'string' ? value : JSON.stringify(value), schema);
  if (checked.ok) throw new Error('accepted');
  return checked.problem;
};

describe('checkPastedItem', () => {
  it('accepts an item its schema accepts', () => {
    const item = { name: 'Beratung', price: 120, count: 2 };
    expect(checkPastedItem(JSON.stringify(item), invoiceItem)).toEqual({ ok: true, value: item });
    expect(checkPastedItem('"admin"', { type: 'string' })).toEqual({ ok: true, value: 'admin' });
  });

  it('refuses an item its schema refuses, naming the problems in the form’s titles', () => {
    expect(problemOf({ name: 'Beratung', count: 2 })).toBe('Invoice item › Price: is required');
    expect(problemOf({ name: '', price: '120', count: 2 })).toBe(
      'Invoice item › Name: must not be empty; Invoice item › Price: must be a number',
    );
    expect(problemOf([1, 2])).toBe('Invoice item: must be an object');
    expect(problemOf({ label: 'S', price: -5, extra: 1 }, option)).toBe(
      'Option › extra: is not a known field; Option › Price: must be at least 0',
    );
    expect(problemOf({ a: 1, b: 2, c: 3, d: 4 })).toMatch(/^Invoice item › Name: is required; .*; and \d+ more$/);
  });

  it('says what the clipboard holds when it is no JSON', () => {
    expect(problemOf('Beratung, 120')).toBe(
      'The clipboard does not hold valid JSON, no copied item. Copy an item with its copy button, then paste.',
    );
    expect(checkPastedItem(undefined, invoiceItem)).toMatchObject({ ok: false, problem: /^The clipboard is empty/ });
  });
});

describe('parsePastedItem from the Paste button', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /** A list as its template draws it: the header with the Paste button, then the items. */
  function list(clipboard: string) {
    document.body.innerHTML =
      '<section><div class="header"><h3>Items</h3><button type="button">Paste</button></div><ol></ol></section>';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { readText: async () => clipboard } });
    const button = document.querySelector('button')!;
    let pasted: Promise<unknown> = Promise.resolve();
    button.addEventListener('click', () => {
      pasted = readClipboard().then((text) => parsePastedItem(text, invoiceItem));
    });
    return {
      paste: async () => {
        button.click();
        return pasted;
      },
      alert: () => document.querySelector('[role=alert]'),
    };
  }

  it('shows the refusal under the list’s header, logs it, and takes it away on the next good paste', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = list(JSON.stringify({ name: 'Beratung', count: 2 }));
    expect(await bad.paste()).toBeUndefined();
    expect(bad.alert()?.textContent).toBe('Not pasted: Invoice item › Price: is required');
    expect(bad.alert()?.previousElementSibling?.className).toBe('header');
    expect(warn).toHaveBeenCalledWith('Paste ignored: Invoice item › Price: is required', expect.anything());
    // Pasting again replaces it; dismissing takes it away.
    await bad.paste();
    expect(document.querySelectorAll('[role=alert]')).toHaveLength(1);
    (bad.alert()!.querySelector('button[aria-label=Dismiss]') as HTMLButtonElement).click();
    expect(bad.alert()).toBeNull();

    await bad.paste();
    expect(bad.alert()).not.toBeNull();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { readText: async () => JSON.stringify({ name: 'Beratung', price: 120, count: 2 }) },
    });
    expect(await bad.paste()).toEqual({ name: 'Beratung', price: 120, count: 2 });
    expect(bad.alert()).toBeNull();
  });
});
