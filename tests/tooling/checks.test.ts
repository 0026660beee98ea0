import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The checks npm test runs (layer rules, formatting) against small trees written for the purpose:
// each rule broken on purpose must fail the check, and the same tree without the break must pass.

const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const temps: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-checks-'));
  temps.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true },
  include: ['src'],
});

/** Runs the project's dependency-cruiser configuration over `files`; its exit code and output. */
function cruise(files: Record<string, string>) {
  const cwd = tree({ 'tsconfig.json': TSCONFIG, ...files });
  const result = spawnSync(bin('depcruise'), ['src', '--config', join(root, '.dependency-cruiser.cjs')], {
    cwd,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const ALLOWED = {
  'src/shared/format.ts': 'export const upper = (text: string): string => text.toUpperCase();\n',
  'src/server/util.ts':
    "import { upper } from '../shared/format';\nexport const shout = (text: string) => upper(text);\n",
  'src/site/ssr/renderDocument.tsx':
    "import { upper } from '../../shared/format';\nexport const render = () => upper('x');\n",
  'src/server/routes.ts': "import { render } from '../site/ssr/renderDocument';\nexport const page = () => render();\n",
};

describe('layer rules (npm run check:layers)', () => {
  it('passes a tree that keeps the rules', () => {
    const { status, output } = cruise(ALLOWED);
    expect(output).toContain('no dependency violations');
    expect(status).toBe(0);
  });

  it('fails when the site imports the server', () => {
    const { status, output } = cruise({
      ...ALLOWED,
      'src/site/page.ts': "import { shout } from '../server/util';\nexport const title = shout('a');\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('clients-never-import-server');
  });

  it('fails when the server imports the site past its rendering entry', () => {
    const { status, output } = cruise({
      ...ALLOWED,
      'src/site/compose.ts': 'export const compose = (n: number) => n + 1;\n',
      'src/server/cms.ts': "import { compose } from '../site/compose';\nexport const one = compose(0);\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('server-imports-site-only-through-ssr-entry');
  });

  it('fails when shared imports anything of ours, or src imports tests', () => {
    const { status, output } = cruise({
      ...ALLOWED,
      'src/shared/bad.ts': "import { shout } from '../server/util';\nexport const bad = shout('b');\n",
      'tests/helpers/client.ts': 'export const client = 1;\n',
      'src/server/uses-test.ts': "import { client } from '../../tests/helpers/client';\nexport const c = client;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('shared-imports-nothing-of-ours');
    expect(output).toContain('src-never-imports-tests');
  });

  it('fails on a runtime import cycle but not on a type-only one', () => {
    const typeOnly = cruise({
      ...ALLOWED,
      'src/site/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\nexport const a = 1;\n",
      'src/site/b.ts': "import { a } from './a';\nexport interface B { n: number }\nexport const b = a + 1;\n",
    });
    expect(typeOnly.status).toBe(0);
    const runtime = cruise({
      ...ALLOWED,
      'src/site/a.ts': "import { b } from './b';\nexport const a = () => b + 1;\n",
      'src/site/b.ts': "import { a } from './a';\nexport const b = 1;\nexport const c = () => a();\n",
    });
    expect(runtime.status).not.toBe(0);
    expect(runtime.output).toContain('no-runtime-cycles');
  });
});

describe('formatting (npm run lint)', () => {
  const check = (text: string) => {
    const dir = tree({ 'file.ts': text });
    return spawnSync(bin('prettier'), ['--check', '--config', join(root, '.prettierrc.json'), 'file.ts'], {
      cwd: dir,
      encoding: 'utf8',
    }).status;
  };

  it('passes a formatted file and fails an unformatted one', () => {
    expect(check("export const greeting = 'hallo';\n")).toBe(0);
    expect(check('export const greeting = "hallo"\n')).not.toBe(0);
  });
});
