// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminStory } from '../stories/AdminStory';
import * as Browser from './FilesPage.stories';
import * as Detail from './FileDetailPage.stories';
import * as Queues from '../queues/QueuesPage.stories';

type Args = Parameters<typeof AdminStory>[0];
const renderStory = (story: { args?: Partial<Args> }, meta: { args: Args }) =>
  render(<AdminStory {...meta.args} {...story.args} delayMs={0} />);

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  URL.createObjectURL ??= () => 'blob:story';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(cleanup);

const options = () => within(screen.getByRole('listbox', { name: 'Files' })).getAllByRole('option');
const selected = () => options().filter((option) => option.getAttribute('aria-selected') === 'true');

describe('file browser over the in-memory data layer', () => {
  it('lists folders first, then files, 50 per page', async () => {
    renderStory(Browser.ManyPhotos, Browser.default);
    await waitFor(() => expect(options()).toHaveLength(50));
    expect(screen.getByTestId('loaded-count').textContent).toBe('50 of 64');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' }).textContent).toContain('website');
  });

  it('selects one on click, toggles on shift-click, all on Ctrl+A but not in a field', async () => {
    renderStory(Browser.Root, Browser.default);
    await waitFor(() => expect(options().length).toBeGreaterThan(3));
    const [a, b, c] = options();
    fireEvent.click(a);
    fireEvent.click(b);
    expect(selected()).toEqual([b]);
    fireEvent.click(c, { shiftKey: true });
    expect(selected()).toEqual([b, c]);
    fireEvent.click(b, { shiftKey: true });
    expect(selected()).toEqual([c]);
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect(selected()).toHaveLength(options().length);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(selected()).toHaveLength(0);
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'a', ctrlKey: true });
    expect(selected()).toHaveLength(0);
    field.remove();
  });

  it('hides the permission fields from users without the admin or superuser role', async () => {
    renderStory(Browser.AsEditor, Browser.default);
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('input[name=name]')).toBeTruthy();
    expect(dialog.querySelector('input[name=_read]')).toBeNull();
  });

  it('creates a folder', async () => {
    renderStory(Browser.EmptyFolder, Browser.default);
    await screen.findByTestId('empty');
    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name=name]')!, { target: { value: 'Drohnenflüge' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    await waitFor(() => expect(options().map((option) => option.getAttribute('title'))).toEqual(['Drohnenflüge']));
  });
});

describe('file detail and queues over the in-memory data layer', () => {
  it('shows the text file inline with its raw JSON', async () => {
    renderStory(Detail.Text, Detail.default);
    await screen.findByTestId('file-embed');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('robots.txt');
    expect(JSON.parse(screen.getByTestId('raw-json').textContent!)).toMatchObject({
      name: 'robots.txt',
      mimeType: 'text/plain',
    });
  });

  it('lists the jobs of the selected queue with progress and state', async () => {
    renderStory(Queues.ImagePresets, Queues.default);
    await waitFor(() => expect(document.querySelectorAll('tbody tr[data-id]')).toHaveLength(7));
    const states = [...document.querySelectorAll('tbody tr[data-id]')].map((row) => row.getAttribute('data-state'));
    expect(states).toEqual(['active', 'created', 'retry', 'failed', 'completed', 'completed', 'completed']);
    expect(screen.getByRole('columnheader', { name: 'Progress (%)' })).toBeTruthy();
  });
});
