/**
 * The Storybook story file of every page element, derived from its schema by scripts/generate.ts: one story per
 * schema example (`Example` is `examples[0]`, then `Example2`, ...), titled `Site/Elements/<Name>` after the
 * element's component folder, rendered through ElementPreview. Stories that do more than show an example live in
 * the hand-written `<Name>.extraStories.tsx` next to the component; the generated file re-exports them.
 */
import path from 'node:path';
import ts from 'typescript';

/** File name of an element's hand-written extra stories, in its component folder. */
export const extraStoriesFile = (name: string): string => `${name}.extraStories.tsx`;

function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The first `import('./X')` below a node (a lazily loaded component). */
function dynamicImport(node: ts.Node): string | undefined {
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteral(node.arguments[0])
  )
    return node.arguments[0].text;
  return ts.forEachChild(node, dynamicImport);
}

/**
 * Element tag -> component folder name, read from `siteElements` in src/site/elements/registry.ts (the one map of
 * tag to component): `quote: Quote` with `import Quote from './Quote'`, or `lazy(() => import('./Quote'))`.
 */
export function componentFolders(registrySource: string): Map<string, string> {
  const file = parse('registry.ts', registrySource);
  const imports = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const local = statement.importClause?.name?.text;
      if (local) imports.set(local, statement.moduleSpecifier.text);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'siteElements') {
      let value = node.initializer;
      while (value && (ts.isSatisfiesExpression(value) || ts.isAsExpression(value))) value = value.expression;
      if (!value || !ts.isObjectLiteralExpression(value)) throw new Error('registry.ts: siteElements is no object');
      for (const property of value.properties) {
        if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
        const tag = propertyName(property.name);
        const init = ts.isPropertyAssignment(property) ? property.initializer : property.name;
        const specifier = ts.isIdentifier(init) ? imports.get(init.text) : dynamicImport(init);
        if (tag && specifier?.startsWith('./')) folders.set(tag, path.posix.basename(specifier));
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return folders;
}

/** The names of the stories an extras file exports (`export const Name = ...`); it must have no default export. */
export function extraStoryNames(file: string, source: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file, source).statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportAssignment(statement) || modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword))
      throw new Error(`${file}: extra stories have no default export (the generated story file gives the title)`);
    if (!exported) continue;
    if (!ts.isVariableStatement(statement))
      throw new Error(`${file}: export each extra story as \`export const Name: ElementStory = { ... }\``);
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return names;
}

/** Story export name of example `index`: `Example`, `Example2`, ... */
export const exampleStoryName = (index: number): string => (index === 0 ? 'Example' : `Example${index + 1}`);

export interface ElementStorySource {
  tag: string;
  /** Component folder name: the story title's last part and the file's name. */
  name: string;
  /** Absolute paths. */
  schemaFile: string;
  exampleCount: number;
  extras?: { file: string; names: string[] };
}

export interface StoryTarget {
  /** The repository (absolute): ElementPreview lives in its src/site/stories/. */
  root: string;
  /** Where the story files go (absolute). */
  storiesDir: string;
  banner: string;
}

/** Module specifier of the absolute path `target` as imported from a file in the absolute `fromDir`. */
function importPath(fromDir: string, target: string): string {
  const relative = path
    .relative(fromDir, target.replace(/\.tsx?$/, ''))
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The CSF file of one element; prettier formats it afterwards. */
export function renderElementStory(element: ElementStorySource, { root, storiesDir, banner }: StoryTarget): string {
  const shown = (file: string) => path.relative(root, file).split(path.sep).join('/');
  if (element.exampleCount < 1) throw new Error(`${shown(element.schemaFile)}: an element schema needs an example`);
  const exampleNames = Array.from({ length: element.exampleCount }, (_, i) => exampleStoryName(i));
  const extras = element.extras;
  const clash = extras?.names.find((name) => exampleNames.includes(name));
  if (extras && clash) throw new Error(`${shown(extras.file)}: ${clash} is the name of a schema example's story`);
  const from = (file: string) => importPath(storiesDir, file);
  const siteStories = path.join(root, 'src/site/stories');
  const lines = [
    banner.trimEnd(),
    `// The stories: every example of ${shown(element.schemaFile)}`,
    extras && `// and the extra stories of ${shown(extras.file)}`,
    `import schema from '${from(element.schemaFile)}';`,
    extras && `import * as extra from '${from(extras.file)}';`,
    `import { ElementPreview } from '${from(path.join(siteStories, 'ElementPreview'))}';`,
    `import ${extras ? '{ fromExample, type ElementMeta, type ElementStory }' : 'type { ElementMeta, ElementStory }'} from '${from(path.join(siteStories, 'elementStory'))}';`,
    '',
    "// Stories are fixtures: the args are the schema's examples, rendered the way a page renders them.",
    'const meta = {',
    `  title: ${JSON.stringify(`Site/Elements/${element.name}`)},`,
    `  render: (args) => <ElementPreview tag=${JSON.stringify(element.tag)} props={args} />,`,
    '} satisfies ElementMeta;',
    'export default meta;',
    '',
    ...exampleNames.map((name, i) => `export const ${name} = { args: schema.examples[${i}] } satisfies ElementStory;`),
    ...(extras?.names ?? []).map(
      (name) => `export const ${name}: ElementStory = fromExample(schema.examples[0], extra.${name});`,
    ),
  ];
  return `${lines.filter((line) => line !== undefined).join('\n')}\n`;
}
