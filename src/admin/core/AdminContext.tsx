import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createRegistry, type ModelInfo, type Registry } from '../../shared/registry';
import type { AdminContext as AdminContextData, SessionUser } from './data/types';

/** What every admin screen knows: the registry built from the schemas the caller may see, their permissions and user. */
export interface AdminValue {
  registry: Registry;
  permissions: string[];
  user: SessionUser;
}

const Context = createContext<AdminValue | null>(null);

/**
 * One registry per schema set (by its models object): the server renders many pages from the same
 * schemas, and building a registry costs more than rendering a list.
 */
const registries = new WeakMap<object, Registry>();
function registryOf(schemas: AdminContextData['schemas']): Registry {
  let registry = registries.get(schemas.models);
  if (!registry) registries.set(schemas.models, (registry = createRegistry(schemas)));
  return registry;
}

export function AdminProvider({
  context,
  user,
  children,
}: {
  context: AdminContextData;
  user: SessionUser;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ registry: registryOf(context.schemas), permissions: context.permissions, user }),
    [context, user],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAdmin(): AdminValue {
  const value = useContext(Context);
  if (!value) throw new Error('useAdmin() outside <AdminProvider>');
  return value;
}

/** The model of a list or edit route, by its plural (`/_/{plural}`). */
export function useModelByPlural(plural: string | undefined): ModelInfo | undefined {
  const { registry } = useAdmin();
  return plural ? registry.modelByPlural(plural) : undefined;
}
