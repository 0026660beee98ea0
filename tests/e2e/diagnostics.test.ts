import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LogFramesAnswer, LogSessionsAnswer, LoggingFrame } from '../../src/shared/api/logging';
import { newPage } from '../helpers/browser';
import { injectSimulatedBluetooth, withoutBluetooth } from '../helpers/simulatedBluetooth';
import { ADMIN_PASSWORD } from '../helpers/testApp';
import { LOGIN_KEY, loginThroughUi, newContext, storeLogin } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const BASEL = { latitude: 47.5596, longitude: 7.5886, accuracy: 5 };
type Simulated = Window & {
  simulation: {
    ecu: { overrides: Record<string, number>; ignition: boolean };
    requestDevice(options: unknown): Promise<unknown>;
    dropConnection(): void;
    inRange: boolean;
    listeners(): { disconnected: number; notifications: number };
  };
};

/** The diagnostics tool at /_/simos-web with the simulated bridge injected as navigator.bluetooth. */
describe('diagnostics tool', () => {
  const suite = adminSuite();

  async function open(viewport = { width: 1440, height: 900 }) {
    const context = await newContext(suite.browser, viewport);
    await context.grantPermissions(['geolocation'], { origin: suite.server.url('/') });
    await context.setGeolocation(BASEL);
    await storeLogin(context, suite.server);
    await injectSimulatedBluetooth(context);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_/simos-web'));
    return { page, errors, context };
  }

  const status = (page: Page) => page.getByRole('status', { name: 'Connection' });
  const gauge = (page: Page, key: string) => page.locator(`li[data-key="${key}"]`);

  it('asks for the login first, and says which browsers have Web Bluetooth', async () => {
    const context = await newContext(suite.browser, { width: 390, height: 844 });
    await withoutBluetooth(context);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_/simos-web'));
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('note').getByText('Use Chrome or Edge on Android').waitFor();
    expect(await page.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Demo' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected (demo)');
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves its login screen when the back office in another tab of the browser logs in', async () => {
    const context = await newContext(suite.browser, { width: 390, height: 844 });
    await withoutBluetooth(context);
    const { page: tool, errors } = await newPage(context);
    await tool.goto(suite.server.url('/_/simos-web'));
    await tool.getByRole('button', { name: 'Log in' }).waitFor();
    const { page: office, errors: officeErrors } = await newPage(context);
    await office.setViewportSize({ width: 1440, height: 900 });
    await loginThroughUi(office, suite.server);
    // No reload: the tool takes the login the back office stored.
    await tool.getByRole('button', { name: 'Demo' }).waitFor();
    expect(await tool.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect([...errors, ...officeErrors]).toEqual([]);
    await context.close();
  });

  it('connects, identifies the engine, shows live values with warnings, reads faults and raw requests', async () => {
    const { page, errors, context } = await open();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected');
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    expect(await page.getByTestId('id-engineCode').textContent()).toBe('DNUE');

    await page.evaluate(() => {
      (window as unknown as Simulated).simulation.ecu.overrides = { engineSpeed: 3000, coolantTemp: 115, map: 150 };
    });
    await expect.poll(() => page.getByTestId('value-engineSpeed').textContent()).toBe('3.000');
    await expect.poll(() => gauge(page, 'coolantTemp').getAttribute('data-warning')).toBe('true');
    expect(await gauge(page, 'engineSpeed').getAttribute('data-warning')).toBeNull();
    // Calculated: boost = map − ambient pressure (96.8 kPa in the simulation).
    await expect.poll(() => page.getByTestId('value-boost').textContent()).toBe('53,2');
    // The range under a bar is written as the values are.
    const bounds = (key: string) => gauge(page, key).locator('div.justify-between span').allTextContents();
    expect(await bounds('lambda')).toEqual(['0,6', '1,4']);
    expect(await bounds('engineSpeed')).toEqual(['0', '7.000']);
    await screenshot(page, { path: `${SHOTS}/diagnostics-1440.png`, fullPage: true });

    await page.getByRole('button', { name: 'Read' }).click();
    await page.getByRole('list', { name: 'Stored fault codes' }).getByText('P0301').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('No fault codes stored.').waitFor();

    await page.getByLabel('UDS request').fill('22 F1 90');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('VIN: WVWZZZAUZKW123456').waitFor();
    await page.getByLabel('Format').selectOption('base64');
    await page.getByLabel('UDS request').fill('IvQ');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Base64 input must have a length that is a multiple of 4').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs 20 frames a second with the position for 10 s, stops when switched off, survives a lost link', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    const toggle = page.getByRole('button', { name: 'Not Logging' });
    await toggle.click();
    await page.getByRole('button', { name: 'Logging', exact: true }).waitFor();
    // Logs until the tool counts 150 frames (7.5 s at 20 a second); the rate is checked on the frames' own times.
    const logged = async () =>
      Number(await page.getByTestId('uploaded').textContent()) +
      Number(await page.getByTestId('waiting').textContent());
    await expect.poll(logged, { timeout: 30_000 }).toBeGreaterThanOrEqual(150);
    await page.getByRole('button', { name: 'Logging', exact: true }).click();
    await page.getByRole('button', { name: 'Not Logging' }).waitFor();
    await screenshot(page, { path: `${SHOTS}/diagnostics-390.png`, fullPage: true });

    const stored = async () => {
      const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
      return sessions.reduce((sum, session) => sum + session.frames, 0);
    };
    await expect.poll(() => page.getByTestId('uploaded').textContent()).toMatch(/^\d+$/);
    // The last uploads land (the page's figures lag by up to half a second, so they cannot tell when).
    await page.waitForTimeout(1000);
    const frames = await stored();
    expect(frames).toBeGreaterThanOrEqual(150);
    // Switched off, nothing more comes: at 20 a second, each frame sent as it comes, this second would hold 20.
    await page.waitForTimeout(1000);
    expect(await stored()).toBe(frames);

    const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
    expect(sessions).toHaveLength(1);
    const series = (
      await suite.server.api<LogFramesAnswer>(
        'GET',
        `/api/logging/frames?session=${encodeURIComponent(sessions[0].id)}`,
      )
    ).json;
    // The rate over the session's own time span, whatever the clicks took: 20 frames a second ± 10 %.
    const span = series.time[series.time.length - 1] - series.time[0];
    const rate = (frames - 1) / span;
    expect(rate).toBeGreaterThanOrEqual(18);
    expect(rate).toBeLessThanOrEqual(22);
    // Frames read before the first position fix carry none.
    const located = series.columns.latitude.filter((value) => value === BASEL.latitude).length;
    expect(located).toBeGreaterThan(frames * 0.9);
    expect(series.columns.longitude.at(-1)).toBe(BASEL.longitude);
    expect(series.columns.engineSpeed.every((value) => typeof value === 'number')).toBe(true);
    expect(series.columns.horsepower.length).toBe(frames);

    await page.evaluate(() => (window as unknown as Simulated).simulation.dropConnection());
    await expect.poll(() => status(page).textContent()).toBe('Connection lost');
    await page.getByRole('alert').getByText('The Bluetooth connection to the bridge was lost').waitFor();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected');
    await page.evaluate(() => {
      (window as unknown as Simulated).simulation.ecu.overrides = { engineSpeed: 4444 };
    });
    await expect.poll(() => page.getByTestId('value-engineSpeed').textContent()).toBe('4.444');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The phone turned to landscape.
    await page.setViewportSize({ width: 844, height: 390 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, { path: `${SHOTS}/diagnostics-844-landscape.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('greys the last values after a lost link until fresh frames come, and shows an error only while it holds', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const section = page.getByRole('region', { name: 'Engine values' });
    const state = page.getByRole('status', { name: 'Engine values state' });
    const failed = page.getByText('Reconnecting failed: Connection failed for unknown reason.');
    const inRange = (value: boolean) =>
      page.evaluate((value) => void ((window as unknown as Simulated).simulation.inRange = value), value);
    const drop = () => page.evaluate(() => (window as unknown as Simulated).simulation.dropConnection());

    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await page.evaluate(() => {
      (window as unknown as Simulated).simulation.ecu.overrides = { engineSpeed: 3000, coolantTemp: 115 };
    });
    await expect.poll(() => page.getByTestId('value-engineSpeed').textContent()).toBe('3.000');
    await expect.poll(() => gauge(page, 'coolantTemp').getAttribute('data-warning')).toBe('true');
    expect(await section.getAttribute('data-stale')).toBeNull();
    expect(await state.count()).toBe(0);
    await page.getByRole('button', { name: 'Not Logging' }).click();
    await page.getByRole('button', { name: 'Logging', exact: true }).waitFor();

    // The link drops: the last values stay, greyed and struck through, under a "No data" note; they warn no more.
    await inRange(false);
    await drop();
    await expect.poll(() => status(page).textContent()).toBe('Connection lost');
    await expect.poll(() => section.getAttribute('data-stale')).toBe('true');
    expect(await state.textContent()).toMatch(
      /^No data since \d\d:\d\d:\d\d\. The greyed values are the last ones read/,
    );
    expect(await gauge(page, 'engineSpeed').getAttribute('data-stale')).toBe('true');
    expect(await page.getByTestId('value-engineSpeed').textContent()).toBe('3.000');
    expect(
      await page.getByTestId('value-engineSpeed').evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).toBe('line-through');
    expect(await gauge(page, 'coolantTemp').getAttribute('data-warning')).toBeNull();
    await expect.poll(() => page.getByTestId('rate').textContent()).toBe('0 fps');
    // Logging is paused, not shown as running; it can still be switched off.
    const paused = page.getByRole('button', { name: 'Logging paused' });
    expect(await paused.getAttribute('aria-pressed')).toBe('true');
    expect(await paused.isDisabled()).toBe(false);
    await page.getByText('Nothing is logged while the connection is lost').waitFor();
    await screenshot(page, { path: `${SHOTS}/diagnostics-lost-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, { path: `${SHOTS}/diagnostics-lost-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // Out of reach, the reconnect fails and says so; back in reach, it succeeds and the error is gone.
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await failed.waitFor();
    await expect.poll(() => status(page).textContent()).toBe('Connection lost');
    await inRange(true);
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected');
    expect(await failed.count()).toBe(0);
    // Fresh frames make the values live again, logging goes on.
    await expect.poll(() => section.getAttribute('data-stale')).toBeNull();
    expect(await state.count()).toBe(0);
    await expect.poll(() => gauge(page, 'coolantTemp').getAttribute('data-warning')).toBe('true');
    await page.getByRole('button', { name: 'Logging', exact: true }).waitFor();

    // A failed reconnect, then Disconnect: the start screen shows no stale error.
    await inRange(false);
    await drop();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await failed.waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Not connected');
    expect(await failed.count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says why uploads fail and loses no frame: a network error is tried again, an ended login asks for a new one', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const failure = page.getByRole('alert', { name: 'Upload' });
    const waiting = async () => Number(await page.getByTestId('waiting').textContent());
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    const started = Date.now() / 1000;
    await page.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => page.getByTestId('uploaded').textContent()).not.toBe('0');

    // The network is away: the frames wait and the card says they are sent again.
    await page.route('**/api/logging/createEntry', (route) => route.abort());
    await failure.getByText('Upload failed: Network error. The waiting frames are sent again shortly.').waitFor();
    await expect.poll(waiting).toBeGreaterThan(20);
    await page.unroute('**/api/logging/createEntry');
    await failure.waitFor({ state: 'detached', timeout: 15_000 });

    // The login ends (logged out in the back office, which shares it): uploads are refused, the frames
    // wait, and logging in again here uploads them.
    await page.evaluate(async (key) => {
      const { token } = JSON.parse(localStorage.getItem(key)!) as { token: string };
      await fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      localStorage.removeItem(key);
    }, LOGIN_KEY);
    await failure
      .getByText(/^Upload failed: Session expired or invalid\. Log in again to upload them: \d+ frames wait/)
      .waitFor();
    await expect.poll(waiting).toBeGreaterThan(20);
    await screenshot(page, { path: `${SHOTS}/diagnostics-upload-login-390.png`, fullPage: true });
    await failure.getByLabel('Username').fill('admin');
    await failure.getByLabel('Password').fill(ADMIN_PASSWORD);
    await failure.getByRole('button', { name: 'Log in and upload' }).click();
    await failure.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Logging', exact: true }).click();
    await page.getByRole('button', { name: 'Not Logging' }).waitFor();
    await expect.poll(waiting).toBe(0);

    // Every frame read arrived: 20 a second without a gap where the uploads failed.
    const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
    const series = (
      await suite.server.api<LogFramesAnswer>(
        'GET',
        `/api/logging/frames?session=${encodeURIComponent(sessions[0].id)}`,
      )
    ).json;
    const time = series.time.filter((at) => at >= started - 1);
    const gaps = time.slice(1).map((at, index) => at - time[index]);
    expect(Math.max(...gaps)).toBeLessThan(0.5);
    expect(time.length).toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a link lost before the engine is identified is not taken for a silent engine; Reconnect identifies it', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const engine = page.getByRole('region', { name: 'Engine control unit' });
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected');
    // Within the second before the identification is read.
    await page.evaluate(() => (window as unknown as Simulated).simulation.dropConnection());
    await expect.poll(() => status(page).textContent()).toBe('Connection lost');
    // Past the second and a reply timeout: no word of the ignition, the lost link is the message. A wait for
    // something not to appear: IDENTIFY_AFTER_MS (1000) + REPLY_TIMEOUT_MS (200) and a margin.
    await page.waitForTimeout(1600);
    expect(await engine.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Is the ignition on?').count()).toBe(0);
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await expect.poll(() => page.getByTestId('rate').textContent()).not.toBe('0 fps');
    expect(await engine.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Disconnect lets go of the bridge: connecting again handles its notifications and a lost link once', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const listeners = () => page.evaluate(() => (window as unknown as Simulated).simulation.listeners());
    const rate = async () => Number((await page.getByTestId('rate').textContent())?.replace(' fps', ''));
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await expect.poll(rate).toBeGreaterThan(10);
    expect(await listeners()).toEqual({ disconnected: 1, notifications: 1 });

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Not connected');
    expect(await listeners()).toEqual({ disconnected: 0, notifications: 0 });

    // The same bridge chosen again: one listener each, values at the logging rate (not each frame twice).
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await expect.poll(rate).toBeGreaterThan(10);
    expect(await listeners()).toEqual({ disconnected: 1, notifications: 1 });
    expect(await rate()).toBeLessThanOrEqual(22);
    await page.evaluate(() => (window as unknown as Simulated).simulation.dropConnection());
    await expect.poll(() => status(page).textContent()).toBe('Connection lost');
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Connected');
    await expect.poll(rate).toBeGreaterThan(10);
    expect(await listeners()).toEqual({ disconnected: 1, notifications: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a silent engine (ignition off) gets a Retry that identifies it over the same connection, without the chooser', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const engine = page.getByRole('region', { name: 'Engine control unit' });
    const silent = engine
      .getByRole('alert')
      .getByText('The bridge answers, but no engine control unit does. Is the ignition on?');
    const ignition = (on: boolean) =>
      page.evaluate((on) => void ((window as unknown as Simulated).simulation.ecu.ignition = on), on);
    // Counts the browser's chooser.
    await page.evaluate(() => {
      const simulation = (window as unknown as Simulated & { choosers: number }).simulation;
      const requestDevice = simulation.requestDevice.bind(simulation);
      (window as unknown as { choosers: number }).choosers = 0;
      simulation.requestDevice = (options) => {
        (window as unknown as { choosers: number }).choosers++;
        return requestDevice(options);
      };
    });
    const choosers = () => page.evaluate(() => (window as unknown as { choosers: number }).choosers);

    await ignition(false);
    await page.getByRole('button', { name: 'Connect' }).click();
    await silent.waitFor();
    expect(await page.getByRole('button', { name: 'Not Logging' }).isDisabled()).toBe(true);
    await screenshot(page, { path: `${SHOTS}/diagnostics-silent-390.png`, fullPage: true });
    // Still silent: the same message again, the button stays.
    await engine.getByRole('button', { name: 'Retry' }).click();
    await engine.getByText('Reading the identification…').waitFor();
    await silent.waitFor();

    await ignition(true);
    await engine.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    expect(await engine.getByRole('alert').count()).toBe(0);
    expect(await engine.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('rate').textContent()).not.toBe('0 fps');
    expect(await page.getByRole('button', { name: 'Not Logging' }).isDisabled()).toBe(false);
    expect(await status(page).textContent()).toBe('Connected');
    expect(await choosers()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('frames waiting for the upload survive a reload: the Logging card says so and uploads them; another user does not', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const figure = async (id: string) => Number(await page.getByTestId(id).textContent());
    const earlier = page.getByRole('status', { name: 'Earlier session' });
    const total = async () => {
      const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
      return sessions.reduce((sum, session) => sum + session.frames, 0);
    };
    const before = await total();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await page.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(0);

    // The network goes away: frames wait; logging is switched off and the tab reloaded.
    await page.route('**/api/logging/createEntry', (route) => route.abort());
    await page.getByRole('alert', { name: 'Upload' }).waitFor();
    await expect.poll(() => figure('waiting')).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Logging', exact: true }).click();
    await page.getByRole('button', { name: 'Not Logging' }).waitFor();
    // The figures refresh twice a second (a timer of the page's); nothing shows when they have.
    await page.waitForTimeout(1000);
    const uploaded = await figure('uploaded');
    const waiting = await figure('waiting');
    await page.reload();

    // Not connected, the card shows what the earlier session left; still offline, it waits.
    await expect
      .poll(() => earlier.textContent())
      .toBe(`${waiting} frames from an earlier session are being uploaded.`);
    expect(await status(page).textContent()).toBe('Not connected');
    expect(await figure('waiting')).toBe(waiting);
    await page.getByRole('region', { name: 'Start' }).waitFor();
    await screenshot(page, { path: `${SHOTS}/diagnostics-earlier-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, { path: `${SHOTS}/diagnostics-earlier-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // Another user of this browser: the frames are not theirs to upload.
    const password = 'Techniker-1234';
    await suite.server.save('user', { login: 'techniker', password });
    const other = await suite.server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'techniker', password },
    });
    const admin = await page.evaluate((key) => localStorage.getItem(key)!, LOGIN_KEY);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOGIN_KEY, other.body]);
    await page.reload();
    await page.getByRole('region', { name: 'Start' }).waitFor();
    // The card says whose they are, and shows none as the other's.
    await expect
      .poll(() => page.getByRole('status', { name: "Other users' frames" }).textContent())
      .toBe(`${waiting} frames logged by admin wait in this browser and are uploaded when admin logs in here again.`);
    expect(await earlier.count()).toBe(0);
    expect(await figure('waiting')).toBe(0);

    // Back as admin, online again: every waiting frame is stored once, and the card says they went.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOGIN_KEY, admin]);
    await page.unroute('**/api/logging/createEntry');
    await page.reload();
    await expect.poll(() => earlier.textContent()).toBe(`${waiting} frames from an earlier session were uploaded.`);
    expect(await figure('waiting')).toBe(0);
    expect(await figure('uploaded')).toBe(waiting);
    expect(await total()).toBe(before + uploaded + waiting);
    // With nothing left to upload, the browser keeps no database of the user's (nor of the other's, who kept none).
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
    await expect.poll(databases).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two tabs of one user: one uploads the frames both log, the other takes over when it closes', async () => {
    const { page: first, errors, context } = await open({ width: 390, height: 844 });
    const total = async () => {
      const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
      return sessions.reduce((sum, session) => sum + session.frames, 0);
    };
    const before = await total();
    /** The ids of the frames a tab posts. */
    const posted = (page: Page) => {
      const ids: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/logging/createEntry'))
          ids.push(...(request.postDataJSON() as { frames: LoggingFrame[] }).frames.map((frame) => frame.frameId!));
      });
      return ids;
    };
    const firstIds = posted(first);
    // The first tab holds the upload lock before the second opens.
    await expect.poll(() => first.evaluate(async () => (await navigator.locks.query()).held?.length)).toBe(1);
    const { page: second, errors: secondErrors } = await newPage(context);
    const secondIds = posted(second);
    await second.goto(suite.server.url('/_/simos-web'));
    const figure = async (id: string) => Number(await second.getByTestId(id).textContent());
    const otherTab = second.getByRole('status', { name: 'Other tab' });

    // The second tab logs: the first uploads its frames (it has the store), the second counts them as taken.
    await second.getByRole('button', { name: 'Connect' }).click();
    await second.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await second.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(20);
    expect(secondIds).toEqual([]);
    expect(firstIds.length).toBeGreaterThan(20);
    expect(await otherTab.textContent()).toBe('Another Simos Web tab in this browser uploads the frames logged here.');

    // The first tab closes: the second takes over and uploads what it logs itself.
    await first.close();
    await otherTab.waitFor({ state: 'detached' });
    await expect.poll(() => secondIds.length).toBeGreaterThan(10);
    await second.getByRole('button', { name: 'Logging', exact: true }).click();
    await expect.poll(() => figure('waiting')).toBe(0);
    // Each frame is stored once; only frames the first tab had out when it closed went twice.
    const ids = new Set([...firstIds, ...secondIds]);
    await expect.poll(total).toBe(before + ids.size);
    expect(firstIds.length + secondIds.length - ids.size).toBeLessThanOrEqual(100);
    expect([...errors, ...secondErrors]).toEqual([]);
    await context.close();
  });

  it('two tabs of one user: the tab that logs counts what the uploading tab reports, not frames the server refused', async () => {
    const { page: first, errors, context } = await open({ width: 390, height: 844 });
    const total = async () => {
      const { sessions } = (await suite.server.api<LogSessionsAnswer>('GET', '/api/logging/sessions')).json;
      return sessions.reduce((sum, session) => sum + session.frames, 0);
    };
    const before = await total();
    await expect.poll(() => first.evaluate(async () => (await navigator.locks.query()).held?.length)).toBe(1);
    const { page: second, errors: secondErrors } = await newPage(context);
    await second.goto(suite.server.url('/_/simos-web'));
    const figure = async (id: string) => Number(await second.getByTestId(id).textContent());
    await second.getByRole('button', { name: 'Connect' }).click();
    await second.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await second.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(20);

    // The server refuses what the first tab uploads for a while: the second tab says so and counts none of it.
    const refusal = 'frames[0]: data.engineSpeed: must be a number';
    let refusedSent = 0;
    await first.route('**/api/logging/createEntry', (route) => {
      refusedSent += (route.request().postDataJSON() as { frames: unknown[] }).frames.length;
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: refusal }) });
    });
    const failure = second.getByRole('alert', { name: 'Upload' });
    await failure
      .getByText(`Upload failed: ${refusal}. The refused frames are left out; the others are uploaded.`)
      .waitFor();
    // Until more than 10 frames were refused.
    await expect.poll(() => refusedSent).toBeGreaterThan(10);
    await first.unroute('**/api/logging/createEntry');
    await failure.waitFor({ state: 'detached' });
    await second.getByRole('button', { name: 'Logging', exact: true }).click();
    await second.getByRole('button', { name: 'Not Logging' }).waitFor();
    await expect.poll(() => figure('waiting')).toBe(0);

    // Uploaded is what the server stored (once the uploading tab's reports are in and the figures refreshed);
    // the refused ones are said apart.
    await expect.poll(async () => (await figure('uploaded')) === (await total()) - before).toBe(true);
    const refusedNote = second.getByRole('status', { name: 'Refused frames' });
    await expect
      .poll(() => refusedNote.textContent())
      .toMatch(/^\d+ frames were refused by the server and left out\.$/);
    const refused = Number(/^(\d+)/.exec((await refusedNote.textContent())!)![1]);
    expect(refused).toBeGreaterThan(10);
    expect(await second.getByRole('status', { name: 'Other tab' }).textContent()).toBe(
      'Another Simos Web tab in this browser uploads the frames logged here.',
    );
    await screenshot(second.getByRole('region', { name: 'Logging' }), { path: `${SHOTS}/diagnostics-refused-390.png` });
    expect([...errors, ...secondErrors]).toEqual([]);
    await context.close();
  });

  it('another user logging in to the back office in another tab makes the tool theirs at once, without a reload', async () => {
    const { page: tool, errors, context } = await open({ width: 390, height: 844 });
    const figure = async (id: string) => Number(await tool.getByTestId(id).textContent());
    /** The login each upload of the tool carries. */
    const tokens: string[] = [];
    tool.on('request', (request) => {
      if (request.url().endsWith('/api/logging/createEntry')) tokens.push(request.headers().authorization ?? '');
    });
    await tool.getByRole('button', { name: 'Connect' }).click();
    await tool.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await tool.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(0);
    const admin = (
      JSON.parse((await tool.evaluate((key) => localStorage.getItem(key), LOGIN_KEY))!) as { token: string }
    ).token;
    expect(tokens.at(-1)).toBe(`Bearer ${admin}`);

    // The back office in another tab of the browser: the admin logs out, and someone else logs in there.
    const password = 'Werkstatt-1234';
    await suite.server.save('role', { name: 'werkstatt', permissions: ['manage:files'] });
    await suite.server.save('user', { login: 'werkstatt', roles: ['werkstatt'], password });
    const { page: office, errors: officeErrors } = await newPage(context);
    await office.setViewportSize({ width: 1440, height: 900 });
    await office.goto(suite.server.url('/_'));
    await office.getByRole('button', { name: 'Logout' }).click();
    await office.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
    await loginThroughUi(office, suite.server, 'werkstatt', password);
    const werkstatt = (
      JSON.parse((await office.evaluate((key) => localStorage.getItem(key), LOGIN_KEY))!) as { token: string }
    ).token;

    // The tool is theirs now: what it logs goes up with their login, and the admin's frames that waited meanwhile
    // (the admin's login had ended) are said to be the admin's, not uploaded as theirs.
    await expect.poll(() => tokens.at(-1), { timeout: 5000 }).toBe(`Bearer ${werkstatt}`);
    await expect
      .poll(() => tool.getByRole('status', { name: "Other users' frames" }).textContent())
      .toMatch(
        /^\d+ frames? logged by admin waits? in this browser and (is|are) uploaded when admin logs in here again\.$/,
      );
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(0);
    expect(await tool.getByRole('alert', { name: 'Upload' }).count()).toBe(0);
    expect(await tool.getByRole('button', { name: 'Logging', exact: true }).count()).toBe(1);
    expect([...errors, ...officeErrors]).toEqual([]);
    await context.close();
  });

  it('another user logging in through the Logging card is told whose frames wait in this browser', async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const figure = async (id: string) => Number(await page.getByTestId(id).textContent());
    const failure = page.getByRole('alert', { name: 'Upload' });
    const others = page.getByRole('status', { name: "Other users' frames" });
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('id-vin').getByText('WVWZZZAUZKW123456').waitFor();
    await page.getByRole('button', { name: 'Not Logging' }).click();
    await expect.poll(() => figure('uploaded')).toBeGreaterThan(0);

    // The admin's login ends (logged out in the back office): the frames wait, the card asks for a login.
    await page.evaluate(async (key) => {
      const { token } = JSON.parse(localStorage.getItem(key)!) as { token: string };
      await fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      localStorage.removeItem(key);
    }, LOGIN_KEY);
    await failure.getByRole('button', { name: 'Log in and upload' }).waitFor();
    // More than 10 frames logged since (half a second at 20 a second; under load the prompt can come later).
    await expect.poll(() => figure('waiting')).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Logging', exact: true }).click();
    await page.getByRole('button', { name: 'Not Logging' }).waitFor();
    // The figures refresh twice a second (a timer of the page's); nothing shows when they have.
    await page.waitForTimeout(1000);
    const waiting = await figure('waiting');
    expect(waiting).toBeGreaterThan(10);

    // Someone else logs in there: the tool is theirs now; the admin's frames are neither shown nor uploaded
    // as theirs, and the card says whose they are.
    const password = 'Mechaniker-1234';
    await suite.server.save('user', { login: 'mechaniker', password });
    await failure.getByLabel('Username').fill('mechaniker');
    await failure.getByLabel('Password').fill(password);
    await failure.getByRole('button', { name: 'Log in and upload' }).click();
    await expect
      .poll(() => others.textContent())
      .toBe(`${waiting} frames logged by admin wait in this browser and are uploaded when admin logs in here again.`);
    expect(await failure.count()).toBe(0);
    await expect.poll(() => figure('waiting')).toBe(0);
    expect(await figure('uploaded')).toBe(0);
    const card = page.getByRole('region', { name: 'Logging' });
    await screenshot(card, { path: `${SHOTS}/diagnostics-other-user-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(card, { path: `${SHOTS}/diagnostics-other-user-1440.png` });
    await screenshot(page, { path: `${SHOTS}/diagnostics-other-user-page-1440.png`, fullPage: true });

    // The admin logs in here again: the frames go, and the note with them.
    const admin = await suite.server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOGIN_KEY, admin.body]);
    await page.reload();
    await expect
      .poll(() => page.getByRole('status', { name: 'Earlier session' }).textContent())
      .toBe(`${waiting} frames from an earlier session were uploaded.`);
    expect(await others.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
