// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Forms from './stories/SchemaForm.stories';
import * as Widgets from './stories/Widgets.stories';
import { documents, fieldSchema, instantDataSource, registry } from './stories/fixtures';
import { FormPlayground, type FormPlaygroundProps } from './stories/FormPlayground';
import type { FormData } from './SchemaForm';
import type { FormDataSource } from './types';
import type { JsonSchema } from '../../shared/registry';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Renders a story's args (stories are the fixtures) and records every change. */
function renderStory(story: { args?: Partial<FormPlaygroundProps> }) {
  const changes: FormData[] = [];
  const args = story.args as FormPlaygroundProps;
  render(
    <FormPlayground
      {...args}
      dataSource={instantDataSource}
      showData={false}
      onChange={(data) => changes.push(data)}
    />,
  );
  return { changes, last: () => changes[changes.length - 1] };
}

describe('read-only widget', () => {
  it('keeps the line breaks of a read-only text', () => {
    renderStory(Widgets.ReadOnlyText);
    const message = screen.getByText(/wir möchten unsere Website erneuern/);
    expect(message.textContent).toBe('Guten Tag\n\nwir möchten unsere Website erneuern.\nFreundliche Grüsse');
    expect(message.className).toContain('whitespace-pre-line');
  });
});

describe('sequence numbers', () => {
  it('says in a new document that an empty number is drawn on save, editable or not', () => {
    renderStory(Forms.NewInvoice);
    expect((screen.getByLabelText(/Number/) as HTMLInputElement).placeholder).toBe('Next free number');
    cleanup();
    renderStory({ args: { schema: registry.models.offer.schema, formData: {} } });
    expect(screen.getByText('Next free number')).toBeTruthy();
  });
});

describe('money widget', () => {
  it('shows the amount German style with its currency suffix and stores a float', () => {
    const { last } = renderStory(Widgets.Money);
    const input = screen.getByLabelText(/Amount/) as HTMLInputElement;
    expect(input.value).toBe('2.047,50');
    expect(screen.getByText('CHF')).toBeTruthy();
    expect(input.className).toContain('text-right');
    expect(input.className).toContain('tabular-nums');
    fireEvent.change(input, { target: { value: '1.234,5' } });
    expect(last().amount).toBe(1234.5);
    fireEvent.blur(input);
    expect(input.value).toBe('1.234,50');
  });
});

describe('number widget', () => {
  it('converts the input to a float, empty to undefined, and ignores incomplete numbers', () => {
    const { last, changes } = renderStory(Widgets.NumberField);
    const input = screen.getByLabelText(/Multiplier/) as HTMLInputElement;
    // German style, as the money fields beside it.
    expect(input.value).toBe('1,25');
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(last().multiplier).toBe(1.5);
    fireEvent.blur(input);
    expect(input.value).toBe('1,5');
    const count = changes.length;
    fireEvent.change(input, { target: { value: '-' } });
    expect(changes.length).toBe(count);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '' } });
    expect(last().multiplier).toBeUndefined();
  });
});

describe('JSON editor', () => {
  it('passes on only values that parse and shows the parse error inline', () => {
    const { last, changes } = renderStory(Widgets.JsonEditable);
    const editor = screen.getAllByRole('textbox').find((el) => el.tagName === 'TEXTAREA') as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: '{"text": "Hallo"' } });
    expect(changes.length).toBe(0);
    expect(screen.getByText(/Invalid JSON, not applied/)).toBeTruthy();
    fireEvent.change(editor, { target: { value: '{"text": "Hallo"}' } });
    expect((last().elements as { props: unknown }[])[0].props).toEqual({ text: 'Hallo' });
    expect(screen.queryByText(/Invalid JSON/)).toBeNull();
  });

  it('shows read-only JSON as text', () => {
    renderStory(Widgets.Json);
    expect(screen.getByText(/"firstName": "Anna"/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('enum select', () => {
  it('shows the x-enumLabels and stores the enum value', () => {
    const { last } = renderStory(Widgets.EnumSelect);
    const select = screen.getByLabelText(/Multiplier/) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Nervig');
    expect([...select.options].map((o) => o.textContent)).toContain('Ätzend');
    const atzend = [...select.options].find((o) => o.textContent === 'Ätzend')!;
    fireEvent.change(select, { target: { value: atzend.value } });
    expect(last().multiplier).toBe(2);
  });

  it('keeps showing a stored value the enum does not list, and offers it again after another is picked', () => {
    const { last, changes } = renderStory(Widgets.EnumSelectUnlisted);
    const select = screen.getByLabelText(/Multiplier/) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('3 (not in the list)');
    expect(changes).toEqual([]);
    const normal = [...select.options].find((o) => o.textContent === 'Normal')!;
    fireEvent.change(select, { target: { value: normal.value } });
    expect(last().multiplier).toBe(1);
    const kept = [...select.options].find((o) => o.textContent === '3 (not in the list)')!;
    fireEvent.change(select, { target: { value: kept.value } });
    expect(last().multiplier).toBe(3);
  });
});

describe('relations', () => {
  it('stores user roles by name', async () => {
    const { last } = renderStory(Widgets.RelationsByName);
    await screen.findByRole('button', { name: 'Remove admin' });
    const add = screen.getByLabelText(/Roles/) as HTMLSelectElement;
    await waitFor(() => expect([...add.options].map((o) => o.value)).toContain('editor'));
    fireEvent.change(add, { target: { value: 'editor' } });
    expect(last().roles).toEqual(['admin', 'staff', 'editor']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove admin' }));
    expect(last().roles).toEqual(['staff', 'editor']);
  });

  it('names a deleted related document instead of showing its id, and does not offer it', async () => {
    renderStory(Widgets.RelationToDeleted);
    const select = (await screen.findByLabelText(/Client/)) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0].textContent).toBe('Alte Kundin AG (deleted)'));
    expect([...select.options].filter((o) => o.textContent?.startsWith('Alte Kundin'))).toHaveLength(1);

    cleanup();
    renderStory(Widgets.RelationsToDeleted);
    const chosen = await screen.findByRole('list', { name: 'Selected' });
    const chips = () =>
      within(chosen)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent);
    await waitFor(() =>
      expect(chips()).toEqual(['Website-Relaunch · rheinblick.ch', 'Altes Projekt · alt.example.ch (deleted)']),
    );
  });

  it("shows several chosen documents with the relation's details, as the single select's options read", async () => {
    const { last } = renderStory(Widgets.RelationsToDeleted);
    const add = screen.getByLabelText(/Projects/) as HTMLSelectElement;
    // Two projects are named Website-Relaunch: the option list and the chips tell them apart by their domain.
    await waitFor(() =>
      expect([...add.options].map((o) => o.textContent)).toEqual([
        'Add…',
        'Kassensystem Filiale Gundeli · baeckerei-gundeli.ch',
        'Website-Relaunch · spalenberg-druck.ch',
      ]),
    );
    const option = [...add.options].find((o) => o.textContent === 'Website-Relaunch · spalenberg-druck.ch')!;
    fireEvent.change(add, { target: { value: option.value } });
    expect(last().projects).toHaveLength(3);
    const chosen = screen.getByRole('list', { name: 'Selected' });
    await waitFor(() =>
      expect(
        within(chosen)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual([
        'Website-Relaunch · rheinblick.ch',
        'Altes Projekt · alt.example.ch (deleted)',
        'Website-Relaunch · spalenberg-druck.ch',
      ]),
    );

    cleanup();
    renderStory(Widgets.RelationsById);
    const services = await screen.findByRole('list', { name: 'Selected' });
    await waitFor(() =>
      expect(
        within(services)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['web (nginx) · www.baukasten-beratung.ch', 'api (node) · api.baukasten-beratung.ch']),
    );
    // A service without a domain reads as its name alone, in the list and once chosen.
    const addService = screen.getByLabelText(/Services/) as HTMLSelectElement;
    await waitFor(() => expect([...addService.options].map((o) => o.textContent)).toEqual(['Add…', 'postgres']));
  });

  it('names a related document that no longer exists neutrally (a link to a removed page showed just its id)', async () => {
    renderStory(Widgets.RelationToMissing);
    const select = (await screen.findByLabelText(/Client/)) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0].textContent).toBe('Unknown client'));
  });

  it("names a related document the user may not read through the stored document, else 'Unknown user', never its id", async () => {
    const [anna, hidden] = ['66a1f0c2e4b0a1b2c3d4e5f9', '66a1f0c2e4b0a1b2c3d4e5fa'];
    const asked: unknown[] = [];
    // An accountant: the user select offers only themselves; the server shares the label of anna, not of the other.
    const accountant: FormDataSource = {
      loadOptions: async () => [{ value: documents.user[0]._id, label: 'mmeier' }],
      async loadLabel(relation, id, source) {
        asked.push({ id, source, path: relation.path });
        return source && id === anna ? { label: 'anna', deleted: false } : undefined;
      },
    };
    render(
      <FormPlayground
        schema={fieldSchema('invoice', 'items')}
        formData={{
          items: [
            { name: 'Konzept', user: anna },
            { name: 'Umsetzung', user: hidden },
          ],
        }}
        dataSource={accountant}
        source={{ model: 'invoice', id: '66a1f0c2e4b0a1b2c3d4f001' }}
        showData={false}
      />,
    );
    const users = screen.getAllByLabelText(/^User/) as HTMLSelectElement[];
    await waitFor(() =>
      expect(users.map((select) => select.selectedOptions[0].textContent)).toEqual(['anna', 'Unknown user']),
    );
    expect(asked).toContainEqual({
      id: anna,
      source: { model: 'invoice', id: '66a1f0c2e4b0a1b2c3d4f001' },
      path: 'items.user',
    });
    expect(document.body.textContent).not.toContain(hidden);
  });

  it('shows the label of the related document', async () => {
    renderStory(Widgets.Relation);
    const select = (await screen.findByLabelText(/Client/)) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0].textContent).toBe('Rheinblick Immobilien AG'));
  });
});

describe('password', () => {
  it('is empty with dots as placeholder on an existing user; empty means unchanged', () => {
    const { last } = renderStory(Widgets.Password);
    const input = screen.getByLabelText(/Password/) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('••••••••');
    fireEvent.change(input, { target: { value: 'geheim123' } });
    expect(last().password).toBe('geheim123');
    fireEvent.change(input, { target: { value: '' } });
    expect(last().password).toBeUndefined();
  });

  it('says under the field whether a password is set, as the server answered it', () => {
    renderStory(Widgets.Password);
    const input = screen.getByLabelText(/Password/) as HTMLInputElement;
    const status = screen.getByTestId('secret-status');
    expect(status.textContent).toBe('Set — leave empty to keep it');
    expect(input.getAttribute('aria-describedby')).toContain(status.id);
  });

  it('warns that a user without a password cannot log in, with no dots that say otherwise', () => {
    const { last } = renderStory(Widgets.PasswordNotSet);
    const input = screen.getByLabelText(/Password/) as HTMLInputElement;
    expect(input.placeholder).toBe('');
    expect(screen.getByTestId('secret-status').textContent).toBe(
      'Not set: this user cannot log in until a password is set',
    );
    fireEvent.change(input, { target: { value: 'geheim123' } });
    expect(last().password).toBe('geheim123');
  });

  it('says nothing of a stored password on a new user, or where the server did not tell', () => {
    renderStory(Widgets.PasswordNewUser);
    expect(screen.queryByTestId('secret-status')).toBeNull();
    cleanup();
    renderStory({ args: { schema: fieldSchema('user', 'password'), formData: { _id: documents.user[0]._id } } });
    expect(screen.queryByTestId('secret-status')).toBeNull();
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).placeholder).toBe('');
  });
});

describe('nested groups', () => {
  it('calls an optional group with required fields optional, so its * reads as needed once it is filled in', () => {
    const group = (title: string): JsonSchema => ({
      type: 'object',
      title,
      properties: { file: { type: 'string', title: 'File' } },
      required: ['file'],
    });
    renderStory({
      args: {
        schema: {
          $id: 'https://baukasten.dev/schemas/models/story.schema.json',
          type: 'object',
          properties: { background: group('Background image'), address: group('Address') },
          required: ['address'],
        },
        formData: {},
      },
    });
    const legends = [...document.querySelectorAll('legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Background image (optional)', 'Address*']);
  });
});

describe('CSS size', () => {
  it('clamps the amount and keeps the unit', () => {
    const { last } = renderStory(Widgets.CssSize);
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.step).toBe('0.1');
    expect(amount.min).toBe('-9999');
    expect(amount.max).toBe('9999');
    fireEvent.change(amount, { target: { value: '12000' } });
    expect(last().value).toEqual({ amount: 9999, type: 'rem' });
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'px' } });
    expect(last().value).toEqual({ amount: 9999, type: 'px' });
  });
});

describe('invoice form', () => {
  it('renders the fields, hides system fields, shows the computed total read-only', async () => {
    renderStory(Forms.Invoice);
    expect(screen.getAllByLabelText(/^Name/).map((el) => el.id)).toEqual([
      'root_name',
      'root_items_0_name',
      'root_items_1_name',
    ]);
    expect(screen.queryByLabelText(/^Id$/)).toBeNull();
    expect(screen.getByText('2.100,00 €')).toBeTruthy();
    expect(screen.getByText('Created')).toBeTruthy();
    const client = screen.getByLabelText(/^Client/) as HTMLSelectElement;
    await waitFor(() => expect(client.selectedOptions[0].textContent).toBe('Rheinblick Immobilien AG'));
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(2);
  });

  it('shows server errors at their fields and the others on top', () => {
    renderStory(Forms.InvoiceWithServerErrors);
    const alerts = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(alerts).toContain('must not be empty');
    expect(alerts).toContain('must be a number');
    expect(alerts.some((text) => text?.includes('The document was changed in the meantime'))).toBe(true);
  });

  it('pastes a copied item, and ignores clipboard text that is not JSON', async () => {
    const { last, changes } = renderStory(Forms.Invoice);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let clipboard = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (clipboard = text), readText: async () => clipboard },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy item 1' })));
    expect(JSON.parse(clipboard)).toMatchObject({ name: 'Beratung und Konzept' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Paste/ })));
    expect((last().items as unknown[]).length).toBe(3);
    expect((last().items as { name: string }[])[2].name).toBe('Beratung und Konzept');

    clipboard = 'not json';
    const count = changes.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Paste/ })));
    expect(changes.length).toBe(count);
    expect(warn).toHaveBeenCalled();
    // Said under the list's header until dismissed (or the next paste), not only in the console.
    const refusal = () => screen.queryByRole('alert');
    expect(refusal()?.textContent).toMatch(/^Not pasted: The clipboard does not hold valid JSON/);
    clipboard = JSON.stringify({ name: 'Beratung', count: 2 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Paste/ })));
    expect(changes.length).toBe(count);
    expect(refusal()?.textContent).toMatch(/^Not pasted: .*Price: is required$/);
    fireEvent.click(within(refusal()!).getByRole('button', { name: 'Dismiss' }));
    expect(refusal()).toBeNull();
    clipboard = 'still not json';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Paste/ })));
    clipboard = JSON.stringify({ name: 'Beratung', price: 120, count: 2 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Paste/ })));
    expect((last().items as unknown[]).length).toBe(4);
    expect(refusal()).toBeNull();
  });

  it('removes an item', () => {
    const { last } = renderStory(Forms.Invoice);
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect((last().items as { name: string }[]).map((i) => i.name)).toEqual(['Umsetzung Startseite']);
  });
});

describe('user and mail template forms', () => {
  it('renders the user form with roles, projects and avatar', async () => {
    renderStory(Forms.User);
    await screen.findByRole('button', { name: 'Remove admin' });
    await screen.findByRole('button', { name: 'Remove Website-Relaunch' });
    const avatar = screen.getByRole('group', { name: /Avatar/ });
    expect(within(avatar).getByLabelText(/Image file/)).toBeTruthy();
  });

  it('renders the mail template with its HTML editor', () => {
    renderStory(Forms.MailTemplate);
    expect((screen.getByLabelText(/^HTML/) as HTMLTextAreaElement).value).toContain('<p>Guten Tag</p>');
  });
});

describe('AI assistant on single-line text', () => {
  it('is offered on single-line text fields only where the form asks for it (the page editor)', async () => {
    const { SchemaForm } = await import('./SchemaForm');
    const { schemaSet } = await import('../../shared/generated/schemas');
    const dataSource = { ...instantDataSource, rewriteText: async (text: string) => text.toUpperCase() };
    const schema = schemaSet.models.redirect;
    const form = (assistSingleLine: boolean) => (
      <SchemaForm
        schema={schema}
        rootSchemas={schemaSet}
        formData={{ name: 'Alter Link', from: '/alt', to: '/neu' }}
        onChange={() => undefined}
        dataSource={dataSource}
        assistSingleLine={assistSingleLine}
      />
    );
    const { rerender } = render(form(false));
    expect(screen.queryByLabelText(/AI assistant for Name/)).toBeNull();
    rerender(form(true));
    expect(await screen.findByLabelText(/AI assistant for Name/)).toBeTruthy();
  });

  it('is offered on prose (the title and description of a page), not on its name nor the role names of its Read permission', async () => {
    const { SchemaForm } = await import('./SchemaForm');
    const { schemaSet } = await import('../../shared/generated/schemas');
    const dataSource = { ...instantDataSource, rewriteText: async (text: string) => text.toUpperCase() };
    render(
      <SchemaForm
        schema={schemaSet.models.pageDraft}
        rootSchemas={schemaSet}
        formData={{ name: 'Angebot', title: 'Unser Angebot', description: 'Was wir tun', _read: ['guest'], _write: [] }}
        onChange={() => undefined}
        dataSource={dataSource}
        assistSingleLine
      />,
    );
    expect(await screen.findByLabelText('AI assistant for Title')).toBeTruthy();
    expect(screen.getByLabelText('AI assistant for Description')).toBeTruthy();
    expect(screen.getByDisplayValue('guest')).toBeTruthy();
    const names = screen
      .getAllByRole('button', { name: /^AI assistant for / })
      .map((b) => b.getAttribute('aria-label'));
    expect(names.sort()).toEqual(['AI assistant for Description', 'AI assistant for Title']);
  });
});
