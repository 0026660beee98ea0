import type { ModelInfo } from '../../shared/registry';
import type { Access } from '../../shared/vocabulary';

/** Client-side mirror of the server's access rule, only to hide what the server would refuse anyway. */
export function canAccess(permissions: readonly string[], access: Access | undefined): boolean {
  if (access === undefined || access === 'public' || access === 'authenticated') return true;
  if (access === 'nobody') return false;
  return permissions.includes(access);
}

/**
 * The permission that shows a model in the navigation: the first real permission among read, update,
 * create and delete. Files are readable by anyone but managed with `manage:files`; the Kassen models
 * need only a login.
 */
export function navAccess(model: Pick<ModelInfo, 'permission'>): Access {
  const { read, update, create, delete: remove } = model.permission;
  return [read, update, create, remove].find((access) => access.startsWith('manage:')) ?? read;
}
