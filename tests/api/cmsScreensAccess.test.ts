import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/demo';
import { IMAGE_PRESET_NAMES } from '../../src/shared/media/presets';
import { createTestApp } from '../helpers/testApp';

// The Elements and Image Presets screens (manage:cms) are hidden from a user without the permission; the server
// must not answer such a user more through their calls than it answers any visitor of the public site. The calls
// are the ones the two screens make (recorded in the browser): the schemas, the site configuration, the latest
// files, an image in each preset, the files and pages the element examples show.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let marco: string; // accountant: manage:payment only
let anna: string; // staff: manage:cms, manage:files
let privateImage: string;
let publicImage: string;

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  admin = await t.login();
  marco = await t.login('marco', 'demo-marco');
  anna = await t.login('anna', 'demo-anna');
  // An image only staff may see, in a folder of theirs.
  const folder = await call(admin, 'POST', '/api/document/updateOne?model=folder', {
    name: 'Intern',
    _read: ['staff'],
    _write: ['staff'],
  });
  expect(folder.statusCode, folder.body).toBe(200);
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/files/upload?name=team-intern.png&folder=${folder.json()._id}`,
    headers: { ...t.auth(admin), 'content-type': 'image/png' },
    payload: png,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  privateImage = upload.json()._id;
  const files = await call(admin, 'POST', '/api/document/find', { model: 'file', limit: 100 });
  publicImage = (files.json().results as { _id: string; _read?: string[] }[]).find(
    (file) => file._id !== privateImage && !file._read?.length,
  )!._id;
});
afterAll(() => t?.close());

describe('the calls of the Elements and Image Presets screens, for a user without manage:cms', () => {
  it('answer him what they answer an anonymous visitor, and no more', async () => {
    // The site configuration: the same, but for its billing, which those logged in see (x-readPermission).
    const config = { model: 'siteConfig', limit: 1, sort: { _createdAt: 1 } };
    const [visitorConfig, accountantConfig] = await Promise.all(
      [undefined, marco].map(async (token) => (await call(token, 'POST', '/api/document/find', config)).json()),
    );
    const { billing, ...rest } = accountantConfig.results[0];
    expect(billing).toBeDefined();
    expect({ ...accountantConfig, results: [rest] }).toEqual(visitorConfig);
    const reads: [string, 'GET' | 'POST', string, object?][] = [
      ['latest files', 'POST', '/api/document/find', { model: 'file', sort: { _createdAt: -1 }, limit: 100 }],
      ['the home page', 'GET', '/api/cms/page?path=%2F'],
      ['a file', 'GET', `/api/files/download?id=${publicImage}`],
      ...IMAGE_PRESET_NAMES.map((preset): [string, 'GET', string] => [
        `preset ${preset}`,
        'GET',
        `/api/files/p/${publicImage}/${preset}`,
      ]),
    ];
    for (const [what, method, url, payload] of reads) {
      const visitor = await call(undefined, method, url, payload);
      const accountant = await call(marco, method, url, payload);
      expect(visitor.statusCode, what).toBe(200);
      expect(accountant.statusCode, what).toBe(200);
      expect(accountant.rawPayload.equals(visitor.rawPayload), what).toBe(true);
    }
    // The schemas: the elements and value types every visitor gets; of the CMS models only the public ones.
    const visitor = (await call(undefined, 'GET', '/api/schemas')).json();
    const schemas = (await call(marco, 'GET', '/api/schemas')).json();
    expect(schemas.elements).toEqual(visitor.elements);
    expect(schemas.values).toEqual(visitor.values);
    for (const model of ['pageDraft', 'layout', 'redirect', 'contactRequest', 'formData', 'mailTemplate'])
      expect(Object.keys(schemas.models), model).not.toContain(model);
  });

  it("never show him an image staff keep to themselves, which the staff's screen shows", async () => {
    const latest = { model: 'file', sort: { _createdAt: -1 }, limit: 100 };
    const ids = async (token: string) =>
      ((await call(token, 'POST', '/api/document/find', latest)).json().results as { _id: string }[]).map(
        (file) => file._id,
      );
    expect(await ids(anna)).toContain(privateImage);
    expect(await ids(marco)).not.toContain(privateImage);
    for (const preset of IMAGE_PRESET_NAMES) {
      const url = `/api/files/p/${privateImage}/${preset}`;
      expect((await call(anna, 'GET', url)).statusCode, url).toBe(200);
      const refused = await call(marco, 'GET', url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error).toBeTruthy();
    }
    expect((await call(marco, 'GET', `/api/files/download?id=${privateImage}`)).statusCode).toBe(404);
  });

  it('refuse him every write to what the screens show', async () => {
    const config = (await call(marco, 'POST', '/api/document/find', { model: 'siteConfig', limit: 1 })).json()
      .results[0] as { _id: string };
    const writes: [string, 'POST', string, object][] = [
      ['site configuration', 'POST', '/api/document/updateOne?model=siteConfig', { _id: config._id, title: 'X' }],
      ['a file', 'POST', '/api/document/updateOne?model=file', { _id: publicImage, name: 'x.jpg' }],
    ];
    for (const [what, method, url, payload] of writes) {
      const refused = await call(marco, method, url, payload);
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json().error, what).toBeTruthy();
    }
  });
});
