import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { FilesRepository } from '../../src/server/modules/files/repository';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('_parent of files and folders', () => {
  it('is a string field with a derived column and index, not a jsonb field', async () => {
    for (const model of ['file', 'folder']) {
      expect(t.app.services.registry.model(model)?.fields.find((f) => f.name === '_parent')?.type).toBe('string');
      const { rows } = await t.db.query<{ indexdef: string }>(
        sql`SELECT indexdef FROM pg_indexes WHERE tablename = ${`doc_${model}`}`,
      );
      expect(rows.some((row) => row.indexdef.includes('g_t__parent'))).toBe(true);
      expect(rows.some((row) => /gin .*_parent/.test(row.indexdef))).toBe(false);
    }
  });

  it('serves the child count through that index', async () => {
    const folder = await t.app.services.documents.save(SYSTEM, 'folder', { name: 'Bilder' });
    await t.app.services.documents.save(SYSTEM, 'folder', { name: 'Innen', _parent: folder._id });
    const repo = new FilesRepository(new DocumentRepository(t.db), t.app.services.registry);
    expect(await repo.hasChildren(folder._id)).toBe(true);
    await repo.recountChildren(folder._id);
    expect((await t.app.services.documents.findById(SYSTEM, 'folder', folder._id)).childCount).toBe(1);
    await t.db.query(sql`SET enable_seqscan = off`);
    try {
      const { rows } = await t.db.query<Record<string, string>>(
        sql`EXPLAIN SELECT 1 FROM doc_file WHERE g_t__parent = ${folder._id} AND deleted_at IS NULL`,
      );
      expect(rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(/Index.*doc_file/);
    } finally {
      await t.db.query(sql`RESET enable_seqscan`);
    }
  });
});
