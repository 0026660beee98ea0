// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS, FORM_FAILURE, GALLERY_ROTATION_MS } from '../../shared/rules';
import { SiteContext } from '../context';
import { RenderElement } from '../render/RenderElements';
import { preloadElements } from './registry';
import { storySite, type SubmissionOutcome } from '../stories/siteFixture';
import * as ConfiguratorStories from '../stories/generated/Configurator.stories';
import * as ContactStories from '../stories/generated/Contact.stories';
import * as FormStories from '../stories/generated/Form.stories';
import * as GalleryStories from '../stories/generated/Gallery.stories';
import * as NavigationStories from '../stories/generated/Navigation.stories';

// Interactive elements are split into chunks; the page (and so this test) loads them before rendering.
beforeAll(() => preloadElements());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderElement(tag: string, props: Record<string, unknown>, outcome: SubmissionOutcome = 'success') {
  const { site, calls } = storySite({ outcome, delayMs: 0 });
  render(
    <SiteContext.Provider value={site}>
      <RenderElement tag={tag} props={props} />
    </SiteContext.Provider>,
  );
  return calls;
}

const visibleSlide = () => document.querySelector('[aria-hidden="false"] img')?.getAttribute('alt');

describe('gallery', () => {
  it('advances every 5 s while the window has focus, and not while it is blurred', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const images = GalleryStories.Example.args.images as Array<{ alt: string }>;
    renderElement('gallery', GalleryStories.Example.args);
    expect(visibleSlide()).toBe(images[0].alt);
    act(() => vi.advanceTimersByTime(GALLERY_ROTATION_MS));
    expect(visibleSlide()).toBe(images[1].alt);
    act(() => window.dispatchEvent(new Event('blur')));
    act(() => vi.advanceTimersByTime(GALLERY_ROTATION_MS * 3));
    expect(visibleSlide()).toBe(images[1].alt);
    act(() => window.dispatchEvent(new Event('focus')));
    act(() => vi.advanceTimersByTime(GALLERY_ROTATION_MS));
    expect(visibleSlide()).toBe(images[2].alt);
    act(() => vi.advanceTimersByTime(GALLERY_ROTATION_MS));
    expect(visibleSlide()).toBe(images[0].alt);
  });

  it('does not rotate when the window never had focus', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const images = GalleryStories.Example.args.images as Array<{ alt: string }>;
    renderElement('gallery', GalleryStories.Example.args);
    act(() => vi.advanceTimersByTime(GALLERY_ROTATION_MS * 2));
    expect(visibleSlide()).toBe(images[0].alt);
  });
});

describe('special.form', () => {
  it("shows 'Feld {label} ist erforderlich' for empty required fields when validation is on", async () => {
    const calls = renderElement('special.form', FormStories.Example.args);
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Feld Vorname ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Feld Termin ist erforderlich')).toBeTruthy();
    expect(screen.queryByText('Feld Firma ist erforderlich')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends without checks when validation is off (the default) and shows the success dialog', async () => {
    const calls = renderElement('special.form', { ...FormStories.Example.args, validate: undefined });
    fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Anna' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
    expect(calls).toEqual([
      { endpoint: 'submitForm', body: { name: 'workshop-digitalisierung', data: { firstName: 'Anna' } } },
    ]);
    expect(screen.getByRole('dialog', { name: FormStories.Example.args.successMessage as string })).toBeTruthy();
    // Closing returns to the (emptied) form.
    fireEvent.click(screen.getByRole('button', { name: 'Schliessen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText(/Vorname/) as HTMLInputElement).value).toBe('');
  });

  it("shows 'Absenden fehlgeschalgen!' when sending fails and keeps the entries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderElement('special.form', { ...FormStories.Example.args, validate: false }, 'failure');
    fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Anna' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
    expect(screen.getByRole('dialog', { name: FORM_FAILURE })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schliessen' }));
    expect((screen.getByLabelText(/Vorname/) as HTMLInputElement).value).toBe('Anna');
  });

  it("defaults to the submit label 'Senden' and shows 'Failed rendering form {message}' for a broken schema", () => {
    renderElement('special.form', { name: 'x', properties: { type: 'object', properties: { a: { type: 'string' } } } });
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    cleanup();
    renderElement('special.form', { name: 'x', properties: { type: 'object', properties: [] } });
    expect(screen.getByText('Failed rendering form "properties" must be an object')).toBeTruthy();
  });
});

describe('contact', () => {
  it('splits the name on the first space and shows the success title', async () => {
    const calls = renderElement('contact', ContactStories.Example.args);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Anna Maria Keller' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail/), { target: { value: 'anna@example.ch' } });
    fireEvent.change(screen.getByLabelText(/^Nachricht/), { target: { value: 'Guten Tag' } });
    fireEvent.click(screen.getByLabelText(/einverstanden/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Senden' })));
    expect(calls).toEqual([
      {
        endpoint: 'contact',
        body: {
          agb: true,
          firstName: 'Anna',
          lastName: 'Maria Keller',
          email: 'anna@example.ch',
          message: 'Guten Tag',
        },
      },
    ]);
    expect(screen.getByRole('dialog', { name: CONTACT_SUCCESS })).toBeTruthy();
  });

  it('requires name, e-mail, message and consent', () => {
    const calls = renderElement('contact', ContactStories.Example.args);
    // The messages exist only once shown: the form as rendered holds no closed dialogs.
    expect(document.querySelector('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Feld Name ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Feld Nachricht ist erforderlich')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('special.configurator', () => {
  it('requires a choice per section, shows the live total and sends sections by label', async () => {
    const calls = renderElement('special.configurator', ConfiguratorStories.Example.args);
    fireEvent.click(screen.getByRole('button', { name: 'Offerte anfordern' }));
    expect(screen.getByText('Feld Umfang ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Feld Ort ist erforderlich')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Intensiv/));
    fireEvent.click(screen.getByLabelText(/Bei Ihnen vor Ort/));
    expect(screen.getByText('4.050,00 CHF')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Anna Keller' } });
    fireEvent.change(screen.getByLabelText(/^E-Mail/), { target: { value: 'anna@example.ch' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Offerte anfordern' })));
    expect(calls).toEqual([
      {
        endpoint: 'event',
        body: {
          name: 'beratungspaket',
          field_name: 'Anna Keller',
          email: 'anna@example.ch',
          sections: { Umfang: 'Intensiv', Ort: 'Bei Ihnen vor Ort (Nordwestschweiz)' },
          price: 4050,
        },
      },
    ]);
  });
});

describe('navigation', () => {
  it('opens and closes the mobile menu', () => {
    renderElement('navigation', NavigationStories.Example.args);
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    const menu = document.getElementById('site-mobile-menu') as HTMLElement;
    expect(menu.hidden).toBe(true);
    // Closed, the menu holds no links (the bar has them): its markup comes when it opens.
    expect(menu.querySelectorAll('a')).toHaveLength(0);
    fireEvent.click(toggle);
    expect(menu.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.querySelectorAll('a').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Menü schliessen' }));
    expect(menu.hidden).toBe(true);
    expect(menu.querySelectorAll('a')).toHaveLength(0);
  });
});
