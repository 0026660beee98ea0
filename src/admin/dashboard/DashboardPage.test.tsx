// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminStory } from '../stories/AdminStory';
import * as Stories from './DashboardPage.stories';

type Args = Parameters<typeof AdminStory>[0];
const renderStory = (story: { args?: Partial<Args> }) =>
  render(<AdminStory {...Stories.default.args} {...story.args} delayMs={0} />);
const text = (id: string) => screen.getByTestId(id).textContent;

afterEach(cleanup);

describe('dashboard over the in-memory data layer', () => {
  it('shows every widget with the report figures to an admin', async () => {
    renderStory(Stories.Admin);
    await waitFor(() => expect(text('revenue-income')).toBe('184.250,50 CHF'));
    expect(text('revenue-expenses')).toBe('41.880,20 CHF');
    expect(text('own-revenue-revenue')).toBe('142.370,30 CHF');
    expect(text('own-revenue-payout')).toBe('96.000,00 CHF');
    await waitFor(() => expect(screen.getAllByTestId('redirect-row')).toHaveLength(3));
    expect(screen.getAllByTestId('redirect-row')[0].textContent).toContain('412');
    // The busiest day (8 h) fills 95 %, the others in proportion.
    const bars = screen.getAllByTestId('day-bar-fill').map((bar) => bar.style.height);
    expect(bars).toContain('95%');
    expect(bars).toContain(`${(6.5 / 8) * 95}%`);
    const income = screen.getAllByTestId('income-bar');
    expect(income).toHaveLength(12);
    expect(income[9].getAttribute('height')).toBe('95');
    // The scale is money like the cards: German style, two decimals.
    expect(text('chart-max')).toBe('max 22.400,00 CHF');
    // Open invoices of the story data (their own request, answered after the reports' on a busy machine):
    // overdue ones are older than 14 days.
    await waitFor(() =>
      expect(screen.getByTestId('invoices-overdue').querySelector('[data-testid=count]')?.textContent).not.toBe('0'),
    );
    // What the clients owe: 21 open invoices of 120 € × 100 hours in all, each with 8.1 % VAT (9,72 € an hour).
    await waitFor(() => expect(text('invoices-open')).toBe('12.972,00 €'));
    expect(screen.getByTestId('invoices').textContent).toContain('21 open, incl. VAT');
  });

  it('falls back silently to zero and empty data when every report fails', async () => {
    renderStory(Stories.ReportsFail);
    await waitFor(() => expect(screen.getAllByTestId('redirects')).toHaveLength(1));
    expect(text('revenue-income')).toBe('0,00 CHF');
    expect(text('own-revenue-revenue')).toBe('0,00 CHF');
    expect(screen.getAllByTestId('day-bar-fill').every((bar) => bar.style.height === '0%')).toBe(true);
    expect(screen.getByTestId('redirects').textContent).toContain('Keine Daten vorhanden...');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each widget only with its permission', async () => {
    renderStory(Stories.Accountant);
    await screen.findByTestId('revenue');
    expect(screen.queryByTestId('redirects')).toBeNull();
    cleanup();
    renderStory(Stories.Staff);
    await screen.findByTestId('redirects');
    for (const id of ['revenue', 'own-revenue', 'invoices', 'monthly', 'tracked-time'])
      expect(screen.queryByTestId(id)).toBeNull();
    cleanup();
    renderStory({ args: { permissions: [] } });
    await screen.findByTestId('no-widgets');
  });
});
