import type { AddressInfo } from 'node:net';
import { SYSTEM } from '../../src/server/access/caller';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { seedDemo } from '../../src/server/seed/demo';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

export type SiteServer = Awaited<ReturnType<typeof startSiteServer>>;

/** The real app with the demo site on a fresh database, listening on a random port of 127.0.0.1. */
export async function startSiteServer() {
  const t = await createTestApp();
  await seedDemo(t.app.services, { env: {} });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    port,
    url: (pathname = '/') => `http://127.0.0.1:${port}${pathname}`,
    find: async (model: string) =>
      (await t.app.services.documents.find(SYSTEM, model, { limit: 500, sort: { _createdAt: -1 } })).results,
  };
}

const WORKSHOP_FIELDS = {
  vorname: { type: 'string', title: 'Vorname' },
  email: { type: 'string', title: 'E-Mail', format: 'email' },
  firma: { type: 'string', title: 'Firma' },
};

/**
 * A page at `pathname` holding the form 'Anmeldung Workshop' as an editor leaves it: Vorname and E-Mail
 * required, 'Validate before sending' off (the default), so only the server checks it. `fields` in
 * the order the form shows them.
 */
export async function addWorkshopPage(
  server: SiteServer,
  pathname: string,
  fields: (keyof typeof WORKSHOP_FIELDS)[] = ['vorname', 'email', 'firma'],
) {
  await new DocumentRepository(server.db).insert('page', createObjectId(), {
    name: pathname.slice(1),
    _path: pathname,
    _read: ['guest'],
    elements: [
      {
        tag: 'special.form',
        props: {
          title: 'Anmeldung Workshop',
          name: 'workshop',
          properties: {
            type: 'object',
            properties: Object.fromEntries(fields.map((field) => [field, WORKSHOP_FIELDS[field]])),
            required: ['vorname', 'email'],
          },
          submitLabel: 'Anmelden',
          successMessage: 'Formular abgeschickt!',
          validate: false,
        },
      },
    ],
  });
}

/** A page at `pathname` under the home page with the configurator of its schema's first example, its options with the demo's photos. */
export async function addConfiguratorPage(server: SiteServer, pathname: string) {
  const home = (await server.find('page')).find((page) => page._path === '/')!;
  const gallery = (home.elements as { props: { children?: { tag: string; props: { images?: unknown[] } }[] } }[])
    .flatMap((element) => element.props.children ?? [])
    .find((element) => element.tag === 'gallery')!;
  const example = structuredClone(server.app.services.registry.elements['special.configurator'].examples[0]) as {
    sections: { options: { image?: unknown }[] }[];
  };
  example.sections[0].options.forEach((option, index) => (option.image = gallery.props.images![index]));
  await server.app.services.documents.save(SYSTEM, 'page', {
    name: pathname.slice(1),
    title: 'Paket zusammenstellen',
    _parent: home._id,
    _read: ['guest'],
    language: 'de',
    layout: home.layout,
    elements: [{ tag: 'section', props: { children: [{ tag: 'special.configurator', props: example }] } }],
  });
}
