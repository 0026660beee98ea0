/** `page-draft.schema.json` -> `pageDraft`; `3d-gaussian-viewer.schema.json` -> `3dGaussianViewer`. */
export function schemaNameFromFile(file: string): string {
  const base = file.replace(/^.*\//, '').replace(/\.schema\.json$/, '');
  return base.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
