import { describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../../shared/api/mail';
import { QUEUE_JOB_SCHEMAS, QUEUE_REFERENCES } from '../../shared/api/queues';
import { fieldLabel, jobDataEntries, orderedBySchema, referencedIds, truncate, valueText } from './jobData';

const FILE = '6b09370952fc2c4e8742164e';
const OTHER = '6b093709d753601e009c71da';
const presets = QUEUE_REFERENCES.imagePresets;

describe('fieldLabel', () => {
  it('reads a key as words, a reference by what it names', () => {
    expect(fieldLabel('presetName')).toBe('Preset name');
    expect(fieldLabel('reply_to')).toBe('Reply to');
    expect(fieldLabel('to')).toBe('To');
    expect(fieldLabel('fileId', true)).toBe('File');
    expect(fieldLabel('fileId')).toBe('File id');
    expect(fieldLabel('id', true)).toBe('Id');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text to the limit, the last character an ellipsis', () => {
    expect(truncate('thumbnail')).toBe('thumbnail');
    expect(truncate('a'.repeat(40))).toBe('a'.repeat(40));
    expect(truncate('a'.repeat(41))).toBe(`${'a'.repeat(39)}…`);
    // Counted in characters, not UTF-16 units: an emoji is never split.
    expect(truncate('😀'.repeat(5), 3)).toBe('😀😀…');
  });
});

describe('valueText', () => {
  it('shows a nested object as pairs, a list by commas, deeper levels as JSON', () => {
    expect(valueText({ name: 'Lukas', count: 2, tags: ['a'] })).toBe('name: Lukas, count: 2, tags: ["a"]');
    expect(valueText(['a', 1, true])).toBe('a, 1, true');
    expect(valueText(null)).toBe('null');
    expect(valueText(false)).toBe('false');
  });
});

describe('jobDataEntries', () => {
  it("names a preset job's file instead of its id; the id stays in the tooltip", () => {
    const names = { [FILE]: { name: 'rheinbruecke.jpg', deleted: false } };
    expect(jobDataEntries({ fileId: FILE, presetName: 'thumbnail' }, presets, names)).toEqual([
      { key: 'fileId', label: 'File', value: 'rheinbruecke.jpg', full: `rheinbruecke.jpg · ${FILE}` },
      { key: 'presetName', label: 'Preset name', value: 'thumbnail', full: 'thumbnail' },
    ]);
  });

  it('says when the file is deleted, and shows the id of a file it cannot name', () => {
    const names = { [FILE]: { name: 'alt.png', deleted: true } };
    expect(jobDataEntries({ fileId: FILE }, presets, names)[0].value).toBe('alt.png (deleted)');
    expect(jobDataEntries({ fileId: OTHER }, presets, names)[0]).toEqual({
      key: 'fileId',
      label: 'File',
      value: OTHER,
      full: OTHER,
      unresolved: true,
    });
  });

  it('cuts long values and keeps them whole for the tooltip; a queue without references shows ids as they are', () => {
    const message = 'Guten Tag, wir möchten unsere Website erneuern und suchen eine Beratung.';
    // Without the queue's schema, in alphabetical order.
    const [data, template] = jobDataEntries(
      { template: 'contactRequest', to: 'info@rhein-consulting.ch', data: { message } },
      undefined,
      {},
    );
    expect(template).toEqual({ key: 'template', label: 'Template', value: 'contactRequest', full: 'contactRequest' });
    expect(data.label).toBe('Data');
    expect(data.full).toBe(`message: ${message}`);
    expect(Array.from(data.value)).toHaveLength(40);
    expect(data.value.endsWith('…')).toBe(true);
    expect(jobDataEntries({ fileId: FILE }, undefined, {})[0].label).toBe('File id');
  });

  it('shows no entries for no data, one for data that is not an object', () => {
    expect(jobDataEntries(undefined, presets, {})).toEqual([]);
    expect(jobDataEntries(null, presets, {})).toEqual([]);
    expect(jobDataEntries('resend', presets, {})).toEqual([
      { key: '', label: 'Value', value: 'resend', full: 'resend' },
    ]);
    expect(jobDataEntries([1, 2], presets, {})[0].value).toBe('1, 2');
  });
});

describe('referencedIds', () => {
  it('collects the ids of the referencing fields once, sorted, skipping what is not an id', () => {
    const jobs = [
      { data: { fileId: OTHER, presetName: 'quote' } },
      { data: { fileId: FILE, presetName: 'thumbnail' } },
      { data: { fileId: OTHER, presetName: 'gallery' } },
      { data: { fileId: '../etc/passwd' } },
      { data: 'text' },
      { data: undefined },
    ];
    expect(referencedIds(jobs, presets)).toEqual([FILE, OTHER].sort());
    expect(referencedIds(jobs, undefined)).toEqual([]);
  });
});

describe("the order of a job's fields", () => {
  const mail = QUEUE_JOB_SCHEMAS[MAIL_QUEUE];
  // As PostgreSQL's jsonb answers a mail job: keys ordered by length, then bytes.
  const stored = {
    to: 'info@rhein-consulting.ch',
    data: {
      id: 17,
      city: 'Basel',
      name: 'Lukas Brunner',
      email: 'lukas@example.ch',
      message: 'Guten Tag',
      firstName: 'Lukas',
      receivedAt: '09:14 02.05.2024',
    },
    replyTo: 'lukas@example.ch',
    template: 'contactRequest',
  };

  it("shows a mail job's fields in the order of its schema, with its titles, and the variables as the template has them", () => {
    const entries = jobDataEntries(stored, undefined, {}, mail);
    expect(entries.map((entry) => entry.label)).toEqual(['Template', 'To', 'Reply to', 'Data']);
    expect(entries[3].full).toBe(
      'id: 17, firstName: Lukas, name: Lukas Brunner, email: lukas@example.ch, city: Basel, message: Guten Tag, receivedAt: 09:14 02.05.2024',
    );
    // The unfolded JSON in the same order.
    const ordered = orderedBySchema(stored, mail) as { data: object };
    expect(Object.keys(ordered)).toEqual(['template', 'to', 'replyTo', 'data']);
    expect(Object.keys(ordered.data)).toEqual(['id', 'firstName', 'name', 'email', 'city', 'message', 'receivedAt']);
  });

  it('puts fields the schema does not name after the named ones, alphabetically; without a schema all alphabetically', () => {
    const entries = jobDataEntries({ zone: 'x', to: 'a@b.ch', attempt: 2, template: 't' }, undefined, {}, mail);
    expect(entries.map((entry) => entry.key)).toEqual(['template', 'to', 'attempt', 'zone']);
    expect(Object.keys(orderedBySchema({ to: 1, data: { b: 1, a: 2 }, replyTo: 3 }, undefined) as object)).toEqual([
      'data',
      'replyTo',
      'to',
    ]);
    expect(orderedBySchema({ data: { b: 1, a: [{ d: 1, c: 2 }] } }, undefined)).toEqual({
      data: { a: [{ c: 2, d: 1 }], b: 1 },
    });
    expect(JSON.stringify(orderedBySchema({ data: { b: 1, a: 2 } }, undefined))).toBe('{"data":{"a":2,"b":1}}');
    expect(orderedBySchema('resend', mail)).toBe('resend');
  });

  it("names a preset job's file first, then the preset", () => {
    const names = { [FILE]: { name: 'rheinbruecke.jpg', deleted: false } };
    const entries = jobDataEntries(
      { presetName: 'thumbnail', fileId: FILE },
      presets,
      names,
      QUEUE_JOB_SCHEMAS.imagePresets,
    );
    expect(entries.map((entry) => [entry.label, entry.value])).toEqual([
      ['File', 'rheinbruecke.jpg'],
      ['Preset name', 'thumbnail'],
    ]);
  });
});
