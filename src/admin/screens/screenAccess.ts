import type { Registry } from '../../shared/registry';
import type { Access } from '../../shared/vocabulary';
import { navAccess } from '../core/access';
import type { ScreenSpec } from './screens';

/**
 * What opening a hand-written screen needs: its own permission, else that of the model it shows (the
 * permission of the model's navigation link, so the Files screen needs `manage:files` although files are
 * readable by anyone), else only a login. A model missing from the caller's schemas is closed to them.
 */
export function screenAccess(screen: ScreenSpec, registry: Pick<Registry, 'model'>): Access {
  if (screen.permission) return screen.permission;
  if (screen.model === undefined) return 'authenticated';
  const model = registry.model(screen.model);
  return model ? navAccess(model) : 'nobody';
}
