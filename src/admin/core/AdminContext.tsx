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
    () => ({ registry: createRegistry(context.schemas), permissions: context.permissions, user }),
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
