import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGGING_BATCH_LIMIT, LOGGING_URLS } from '../../src/shared/api/logging';
import { newPage } from '../helpers/browser';
import { newContext, storeLogin } from './admin';
import { adminSuite } from './adminServer';
import { insertLogSession, simulatedFrame } from './logSession';
import { screenshot, SHOTS } from '../helpers/screenshots';

const VIN = 'WVWZZZAUZKW765432';
const START = Date.UTC(2026, 4, 12, 14, 2, 0);
/** 60 s at 20 Hz: a pull to 6,000 rpm, boost following its setpoint, a loop of positions. */
const frames = Array.from({ length: 1200 }, (_, i) => {
  const t = i / 20;
  const angle = (t / 60) * 2 * Math.PI;
  return {
    timestamp: new Date(START + i * 50).toISOString(),
    vin: VIN,
    frameId: `e2e-${i}`,
    data: {
      engineSpeed: Math.round(900 + 5100 * Math.sin(angle / 2)),
      map: 100 + 150 * Math.sin(angle / 2),
      mapSetpoint: 105 + 150 * Math.sin(angle / 2),
      knockCyl1: i === 600 ? -2.5 : 0,
      coolantTemp: 90,
      latitude: 47.56 + 0.01 * Math.sin(angle),
      longitude: 7.59 + 0.015 * Math.cos(angle),
      speed: 50,
    },
  };
});

/** The chart's canvas: the topmost row of the plot area where a series of colour `hex` is drawn, as a share of its height. */
async function topOfSeries(page: Page, hex: string): Promise<number> {
  return page.getByTestId('log-chart').evaluate((chart, hex) => {
    const canvas = chart.querySelector('canvas')!;
    const over = chart.querySelector('.u-over')!.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const [left, top] = [(over.left - box.left) * scale, (over.top - box.top) * scale].map(Math.round);
    const [width, height] = [over.width * scale, over.height * scale].map(Math.round);
    const pixels = canvas.getContext('2d')!.getImageData(left, top, width, height).data;
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        if (want.every((value, c) => Math.abs(pixels[at + c] - value) < 40) && pixels[at + 3] > 200) return y / height;
      }
    return 1;
  }, hex);
}

/**
 * Whether a series of colour `hex` is drawn in the chart's canvas at a share (0 to 1) of the plot
 * area's width: a band of three pixel columns, top to bottom.
 */
async function drawnAt(page: Page, hex: string, share: number): Promise<boolean> {
  return page.getByTestId('log-chart').evaluate(
    (chart, [hex, share]) => {
      const canvas = chart.querySelector('canvas')!;
      const over = chart.querySelector('.u-over')!.getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const x = Math.round((over.left - box.left + over.width * (share as number)) * scale) - 1;
      const top = Math.round((over.top - box.top) * scale);
      const height = Math.round(over.height * scale);
      const pixels = canvas.getContext('2d')!.getImageData(x, top, 3, height).data;
      const want = [1, 3, 5].map((i) => parseInt((hex as string).slice(i, i + 2), 16));
      for (let at = 0; at < pixels.length; at += 4)
        if (want.every((value, c) => Math.abs(pixels[at + c] - value) < 40) && pixels[at + 3] > 200) return true;
      return false;
    },
    [hex, share] as const,
  );
}

/** The Logs screen `/_/logs` over the real server: stored frames make a session that plots, tracks and exports. */
describe('logs', () => {
  const suite = adminSuite();

  async function open(viewport = { width: 1440, height: 900 }) {
    const context = await newContext(suite.browser, viewport);
    await storeLogin(context, suite.server);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_/logs'));
    return { page, errors, context };
  }

  it('shows the empty state without sessions', async () => {
    const { page, errors, context } = await open();
    await expect.poll(() => page.getByTestId('empty').textContent()).toContain('No logs yet');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists a stored session, plots it, draws its track and exports it as CSV', async () => {
    for (let i = 0; i < frames.length; i += LOGGING_BATCH_LIMIT) {
      const answer = await suite.server.api('POST', LOGGING_URLS.createEntry, {
        frames: frames.slice(i, i + LOGGING_BATCH_LIMIT),
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    const { page, errors, context } = await open();
    const row = page.locator('tbody tr[data-id]');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => page.title()).toContain('Logs');
    const text = await row.innerText();
    expect(text).toContain(VIN);
    expect(text).toContain('1:00');
    expect(text).toMatch(/6.000 rpm/);
    expect(text).toContain('-2.50 °');
    await screenshot(page, { path: `${SHOTS}/logs-list-1440.png`, fullPage: true });

    await row.getByRole('button').click();
    const chart = page.getByTestId('log-chart');
    await chart.locator('canvas').waitFor();
    expect(await chart.getAttribute('data-series')).toBe('3');
    expect(page.url()).toContain('session=');
    // The default channels, each listed with its unit.
    for (const key of ['engineSpeed', 'map', 'mapSetpoint'])
      expect(await page.locator(`input[data-channel=${key}]`).isChecked()).toBe(true);
    expect(await page.locator('input[data-channel=coolantTemp]').isChecked()).toBe(false);
    expect(await page.locator('label', { has: page.locator('input[data-channel=coolantTemp]') }).innerText()).toContain(
      '°C',
    );
    // Latitude and longitude make the track, not channels.
    expect(await page.locator('input[data-channel=latitude]').count()).toBe(0);
    const line = page.getByTestId('gps-line');
    await line.waitFor();
    // One line without gaps, of many points.
    expect((await line.getAttribute('d'))!.split('L').length).toBeGreaterThan(50);
    expect(await line.getAttribute('d')).toMatch(/^M[^M]+$/);
    expect(await page.getByTestId('gps-gaps').count()).toBe(0);
    expect(await page.getByTestId('gps-track').locator('circle').count()).toBe(2);

    await page.locator('input[data-channel=coolantTemp]').check();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('4');
    await page.locator('input[data-channel=map]').uncheck();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('3');

    // Under the cursor the legend shows each value at its channel's decimals with its unit (as the tool's
    // gauges): 1 decimal of kPa, whole rpm and °C. Off the plot, a dash.
    const legend = () =>
      chart
        .locator('.u-legend tr.u-series:not(.u-off)')
        .evaluateAll((rows) =>
          rows.map(
            (row) => `${row.querySelector('th')!.textContent!.trim()}: ${row.querySelector('.u-value')!.textContent}`,
          ),
        );
    const over = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + over.width * 0.37, over.y + over.height / 2);
    await expect.poll(async () => (await legend()).length).toBe(4);
    await expect.poll(async () => (await legend())[1]).not.toBe('Engine speed: –');
    const [time, rpm, setpoint, coolant] = await legend();
    expect(time).toMatch(/^Time: 12\.05\.2026 \d\d:\d\d:\d\d$/);
    expect(rpm).toMatch(/^Engine speed: \d{1,3}('\d{3})? rpm$/);
    expect(setpoint).toMatch(/^Boost pressure setpoint: \d{2,3}\.\d kPa$/);
    expect(coolant).toBe('Coolant temperature: 90 °C');
    await screenshot(page, { path: `${SHOTS}/logs-legend-1440.png`, fullPage: true });
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await legend())[2]).toBe('Boost pressure setpoint: –');
    expect(await legend()).toEqual([
      'Time: –',
      'Engine speed: –',
      'Boost pressure setpoint: –',
      'Coolant temperature: –',
    ]);

    // Drag across the plot to zoom in; the reset button brings the whole session back.
    const reset = page.getByTestId('reset-zoom');
    expect(await reset.isDisabled()).toBe(true);
    await page.mouse.move(over.x + over.width * 0.3, over.y + over.height / 2);
    await page.mouse.down();
    await page.mouse.move(over.x + over.width * 0.6, over.y + over.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => reset.isDisabled()).toBe(false);
    await reset.click();
    await expect.poll(() => reset.isDisabled()).toBe(true);
    await screenshot(page, { path: `${SHOTS}/logs-session-1440.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(`${VIN}-2026-05-12T14-02-00-000Z.csv`);
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('Time,Timestamp,coolantTemp,engineSpeed,knockCyl1,latitude,longitude,map,mapSetpoint,speed');
    expect(lines).toHaveLength(frames.length + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is readable on a 390 px phone', async () => {
    const phone = await open({ width: 390, height: 844 });
    await phone.page.locator('tbody tr[data-id]').first().waitFor();
    const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(phone.page, { path: `${SHOTS}/logs-list-390.png`, fullPage: true });
    await phone.page.locator('tbody tr[data-id]').first().getByRole('button').click();
    await phone.page.getByTestId('log-chart').locator('canvas').waitFor();
    await phone.page.getByTestId('gps-track').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(phone.page, { path: `${SHOTS}/logs-session-390.png`, fullPage: true });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('plots a session of 100,000 frames: zoom narrows the time span, a channel toggles', async () => {
    const vin = 'WVWZZZAUZKW100001';
    const start = Date.UTC(2026, 5, 1, 8, 0, 0);
    await insertLogSession(suite.server.app.services.db, { vin, start, frames: 100_000 });
    const { page, errors, context } = await open();
    const row = page.locator('tbody tr[data-id]', { hasText: vin });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toMatch(/100.000/);
    await row.getByRole('button').click();
    const chart = page.getByTestId('log-chart');
    await chart.locator('canvas').waitFor({ timeout: 60_000 });
    expect(await chart.getAttribute('data-series')).toBe('3');
    const span = async () => [
      Number(await chart.getAttribute('data-x-min')),
      Number(await chart.getAttribute('data-x-max')),
    ];
    // The whole session: 100,000 frames at 20 Hz, 4,999.95 s.
    const [first, last] = [start / 1000, start / 1000 + 99_999 / 20];
    await expect.poll(span).toEqual([first, last]);

    const over = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + over.width * 0.3, over.y + over.height / 2);
    await page.mouse.down();
    await page.mouse.move(over.x + over.width * 0.6, over.y + over.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await span())[0]).toBeGreaterThan(first);
    const [min, max] = await span();
    expect(min).toBeGreaterThan(first + (last - first) * 0.25);
    expect(max).toBeLessThan(first + (last - first) * 0.65);
    expect(max - min).toBeGreaterThan((last - first) * 0.25);
    await screenshot(page, { path: `${SHOTS}/logs-big-zoomed-1440.png`, fullPage: true });

    // A channel switched on keeps the zoomed span; off again; reset brings the whole session back.
    await page.locator('input[data-channel=coolantTemp]').check();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('4');
    expect(await span()).toEqual([min, max]);
    await page.locator('input[data-channel=coolantTemp]').uncheck();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('3');
    await page.getByTestId('reset-zoom').click();
    await expect.poll(span).toEqual([first, last]);
    await screenshot(page, { path: `${SHOTS}/logs-big-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('keeps a one-frame spike in the whole-session view and when zoomed in around it', async () => {
    const vin = 'WVWZZZAUZKW100002';
    const start = Date.UTC(2026, 6, 1, 8, 0, 0);
    await insertLogSession(suite.server.app.services.db, { vin, start, frames: 20_000 });
    // One frame between two others, half way through: engine speed 9,000 rpm for 25 ms of 1,000 s
    // (15 frames per pixel column of the plot, so the whole session is drawn from the envelope).
    const spike = simulatedFrame(vin, start, 10_000.5);
    spike.data.engineSpeed = 9000;
    spike.frameId = `${vin}-spike`;
    const answer = await suite.server.api('POST', LOGGING_URLS.createEntry, spike);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);

    const context = await newContext(suite.browser, { width: 1440, height: 900 });
    await storeLogin(context, suite.server);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_/logs'));
    const row = page.locator('tbody tr[data-id]', { hasText: vin });
    await row.waitFor({ timeout: 60_000 });
    await row.getByRole('button').click();
    const chart = page.getByTestId('log-chart');
    await chart.locator('canvas').waitFor({ timeout: 60_000 });
    const first = start / 1000;
    const last = first + 19_999 / 20;
    await expect.poll(async () => Number(await chart.getAttribute('data-x-max'))).toBe(last);
    // The rpm axis reaches 9,000 for the spike; the engine's own pulls end near 6,000, about 40 % down
    // the plot. The line must reach the top tenth or so: the spike is drawn, not thinned away.
    const color = '#2563eb';
    expect(await topOfSeries(page, color)).toBeLessThan(0.15);

    // Zoomed in around the spike (a few hundred frames, every one of them drawn), it is still there.
    const over = (await chart.locator('.u-over').boundingBox())!;
    const middle = over.x + over.width * (500 / (last - first));
    await page.mouse.move(middle - 3, over.y + over.height / 2);
    await page.mouse.down();
    await page.mouse.move(middle + 3, over.y + over.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => Number(await chart.getAttribute('data-x-max'))).toBeLessThan(last);
    const [min, max] = [Number(await chart.getAttribute('data-x-min')), Number(await chart.getAttribute('data-x-max'))];
    expect(min).toBeLessThan(first + 500.025);
    expect(max).toBeGreaterThan(first + 500.025);
    expect((max - min) * 20).toBeLessThan(500);
    expect(await topOfSeries(page, color)).toBeLessThan(0.15);
    await screenshot(page, { path: `${SHOTS}/logs-spike-zoomed-1440.png`, fullPage: true });

    // Reset: the whole session again, spike included.
    await page.getByTestId('reset-zoom').click();
    await expect.poll(async () => Number(await chart.getAttribute('data-x-min'))).toBe(first);
    expect(Number(await chart.getAttribute('data-x-max'))).toBe(last);
    expect(await topOfSeries(page, color)).toBeLessThan(0.15);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('breaks the lines where no frames were read, frame by frame and drawn from the envelope', async () => {
    const color = '#2563eb';
    // Two stretches of driving with 40 s without frames between them (a lost link; under the 60 s that
    // start a new session). Small: every frame drawn; big: the envelope draws the whole session.
    for (const [vin, frames, start] of [
      ['WVWZZZAUZKW200001', 400, Date.UTC(2026, 7, 1, 8, 0, 0)],
      ['WVWZZZAUZKW200002', 6000, Date.UTC(2026, 7, 2, 8, 0, 0)],
    ] as const) {
      const db = suite.server.app.services.db;
      await insertLogSession(db, { vin, start, frames });
      const resume = start + (frames / 20) * 1000 + 40_000;
      await insertLogSession(db, { vin, start: resume, frames });
      const [first, last] = [start / 1000, resume / 1000 + (frames - 1) / 20];
      const gapFrom = (start / 1000 + (frames - 1) / 20 - first) / (last - first);
      const gapTo = (resume / 1000 - first) / (last - first);

      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, errors, context } = await open(viewport);
        const row = page.locator('tbody tr[data-id]', { hasText: vin });
        await row.waitFor({ timeout: 60_000 });
        // One session across the gap: 20 s + 40 s + 20 s, or 5 min + 40 s + 5 min.
        expect(await row.innerText()).toContain(frames === 400 ? '1:20' : '10:40');
        await row.getByRole('button').click();
        const chart = page.getByTestId('log-chart');
        await chart.locator('canvas').waitFor({ timeout: 60_000 });
        await expect.poll(async () => Number(await chart.getAttribute('data-x-max'))).toBe(last);
        // Engine speed is drawn on both sides of the gap, and nowhere inside it.
        expect(await drawnAt(page, color, gapFrom / 2)).toBe(true);
        expect(await drawnAt(page, color, (gapTo + 1) / 2)).toBe(true);
        for (const share of [0.25, 0.5, 0.75])
          expect(await drawnAt(page, color, gapFrom + (gapTo - gapFrom) * share)).toBe(false);
        // The GPS track breaks at the same gap: two lines, no straight one from where the first stretch
        // ended back to where the second began; a note says why.
        const line = page.getByTestId('gps-line');
        expect(await line.getAttribute('data-segments')).toBe('2');
        expect((await line.getAttribute('d'))!.match(/M/g)).toHaveLength(2);
        expect(await page.getByTestId('gps-gaps').innerText()).toBe(
          'The track breaks where no frames were logged (1 gap).',
        );
        await screenshot(page, { path: `${SHOTS}/logs-gap-${frames}-${viewport.width}.png`, fullPage: true });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 240_000);
});
