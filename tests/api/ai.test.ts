import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_REQUESTS_PER_MINUTE } from '../../src/shared/api/ai';
import { FakeOpenAi } from '../helpers/fakeOpenAi';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

let openai: FakeOpenAi;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

const TEXT = 'Wir begleiten kleine und mittlere Unternehmen in der Region Basel bei Strategie und Digitalisierung.';

beforeAll(async () => {
  openai = new FakeOpenAi();
  const openaiBaseUrl = await openai.start();
  t = await createTestApp({
    config: { openaiApiKey: openai.apiKey, openaiBaseUrl, openaiModel: 'test-model', openaiTimeoutMs: 1500 },
  });
  admin = await t.login();
});

afterAll(async () => {
  await t?.close();
  await openai?.stop();
});

const rewrite = (body: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/openai/text',
    headers: token ? t.auth(token) : {},
    payload: body as object,
  });

describe('POST /api/openai/text', () => {
  it('sends each preset prompt with the text to the chat completions endpoint and answers its text', async () => {
    openai.behaviour = { kind: 'answer', text: () => '  Wir beraten KMU in Basel.  ' };
    for (const prompt of ['shorten', 'enhance', 'description']) {
      const response = await rewrite({ text: TEXT, prompt });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ text: 'Wir beraten KMU in Basel.' });
      const request = openai.requests.at(-1)!;
      expect(request.authorization).toBe(`Bearer ${openai.apiKey}`);
      expect(request.body.model).toBe('test-model');
      expect(request.body.messages[0].role).toBe('system');
      expect(request.body.messages[1]).toMatchObject({ role: 'user' });
      expect(request.body.messages[1].content).toContain(TEXT);
    }
    const [shorten, enhance, description] = openai.requests.slice(-3).map((r) => r.body.messages[1].content);
    expect(shorten).toMatch(/^Shorten/);
    expect(enhance).toMatch(/more professional/);
    expect(description).toMatch(/within 160 characters/);
  });

  it('puts the text into a custom prompt at {text}', async () => {
    openai.behaviour = { kind: 'answer', text: (r) => `echo: ${r.body.messages[1].content}` };
    const response = await rewrite({ text: 'Hallo', prompt: 'Übersetze ins Englische: {text} (danke)' });
    expect(response.json()).toEqual({ text: 'echo: Übersetze ins Englische: Hallo (danke)' });
  });

  it('keeps a description within 160 characters, whatever the model answers', async () => {
    openai.behaviour = { kind: 'answer', text: () => 'Sehr lange Beschreibung '.repeat(20) };
    const response = await rewrite({ text: TEXT, prompt: 'description' });
    const text = response.json().text as string;
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/…$/);
    // Cut between words, never inside one.
    expect(new Set(text.slice(0, -1).split(' '))).toEqual(new Set(['Sehr', 'lange', 'Beschreibung']));
  });

  it('refuses anonymous callers, bad prompts and oversized input', async () => {
    expect((await rewrite({ text: TEXT, prompt: 'shorten' }, null)).statusCode).toBe(401);
    const bad = await rewrite({ text: TEXT, prompt: 'make it nice' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('prompt must be one of shorten, enhance, description or contain {text}');
    const empty = await rewrite({ text: '', prompt: 'shorten' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/text/);
    const huge = await rewrite({ text: 'x'.repeat(20_001), prompt: 'shorten' });
    expect(huge.statusCode).toBe(400);
    expect((await rewrite({ text: TEXT })).statusCode).toBe(400);
  });

  it('answers 502 with a clear message when the endpoint fails or does not answer in time', async () => {
    openai.behaviour = {
      kind: 'error',
      status: 500,
      message: 'The server had an error while processing your request.',
    };
    const failed = await rewrite({ text: TEXT, prompt: 'shorten' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(
      'The AI endpoint failed: 500 The server had an error while processing your request.',
    );

    openai.behaviour = { kind: 'hang' };
    const slow = await rewrite({ text: TEXT, prompt: 'shorten' });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().error).toBe('The AI endpoint did not answer within 2 s');
    openai.behaviour = { kind: 'answer', text: () => 'ok' };
  });

  it('answers 502 when the key is wrong and 503 when no key is configured, saying what the caller can do', async () => {
    const wrong = await createTestApp({ config: { openaiApiKey: 'sk-wrong', openaiBaseUrl: await openai.start() } });
    const none = await createTestApp({ config: { openaiApiKey: undefined } });
    try {
      const answer = await wrong.app.inject({
        method: 'POST',
        url: '/api/openai/text',
        headers: wrong.auth(await wrong.login()),
        payload: { text: TEXT, prompt: 'shorten' },
      });
      expect(answer.statusCode).toBe(502);
      expect(answer.json().error).toBe('The AI endpoint failed: 401 Incorrect API key provided');
      const admin = await none.login();
      const off = (token: string) =>
        none.app.inject({
          method: 'POST',
          url: '/api/openai/text',
          headers: none.auth(token),
          payload: { text: TEXT, prompt: 'shorten' },
        });
      // Who manages the backend learns how to set it up; staff, who cannot, whom to ask.
      const forAdmin = await off(admin);
      expect(forAdmin.statusCode).toBe(503);
      expect(forAdmin.json()).toEqual({
        error: "The AI assistant is not set up: set OPENAI_API_KEY in the server's environment and restart it",
      });
      const forStaff = await off((await userWithRole(none, admin, 'sina-ai', 'staff')).token);
      expect(forStaff.statusCode).toBe(503);
      expect(forStaff.json()).toEqual({ error: 'The AI assistant is not set up yet: ask your administrator' });
      expect(forStaff.body).not.toContain('OPENAI');
      const forBackend = await off((await userWithRole(none, admin, 'bernd-ai', 'backend')).token);
      expect(forBackend.json().error).toContain('set OPENAI_API_KEY');
    } finally {
      await wrong.close();
      await none.close();
    }
  });

  it('limits the requests per user, not per address', async () => {
    openai.behaviour = { kind: 'answer', text: () => 'ok' };
    const anna = (await userWithRole(t, admin, 'anna-ai', 'staff')).token;
    const bruno = (await userWithRole(t, admin, 'bruno-ai', null)).token;
    for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++)
      expect((await rewrite({ text: 'a', prompt: 'shorten' }, anna)).statusCode).toBe(200);
    const limited = await rewrite({ text: 'a', prompt: 'shorten' }, anna);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests, try again in \d+ seconds$/);
    expect((await rewrite({ text: 'a', prompt: 'shorten' }, bruno)).statusCode).toBe(200);
  });
});
