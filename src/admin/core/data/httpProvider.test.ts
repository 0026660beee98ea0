import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, httpProvider } from './httpProvider';

const answer = (body: unknown, status = 400) => new Response(JSON.stringify(body), { status });

describe('errorOf', () => {
  it('reads the fields list of an error body', async () => {
    const error = await errorOf(answer({ error: 'Bad', fields: [{ field: 'end', message: 'before the start' }] }));
    expect(error.message).toBe('Bad');
    expect(error.fields).toEqual({ end: 'before the start' });
  });

  it('keeps the message when fields is not the list the contract promises', async () => {
    const object = await errorOf(answer({ error: 'End must not be before the start', fields: { end: 'x' } }));
    expect(object.message).toBe('End must not be before the start');
    expect(object.fields).toBeUndefined();
    const junk = await errorOf(answer({ error: 'Bad', fields: [null, 3, { field: 'a', message: 'b' }, { field: 1 }] }));
    expect(junk.fields).toEqual({ a: 'b' });
  });
});

describe('save', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a save that must outlive the page with keepalive, and others without', async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(JSON.stringify({ _id: 'a' }), { status: 200 });
    });
    const provider = httpProvider(() => 'token', 'http://localhost');
    await provider.save('trackedTime', { _id: 'a', name: 'Entwurf' }, { keepalive: true });
    await provider.save('trackedTime', { _id: 'a', name: 'Entwurf 2' });
    // Over the browsers' 64 kB for such requests (a big page draft), an ordinary request, not a refused one.
    await provider.save('pageDraft', { _id: 'a', name: 'ü'.repeat(30_001) }, { keepalive: true });
    expect(calls.map((init) => init.keepalive)).toEqual([true, undefined, undefined]);
    expect(calls[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ _id: 'a', name: 'Entwurf' }) });
  });
});
