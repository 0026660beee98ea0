import { useLayoutEffect, useMemo, useState } from 'react';
import { useAdmin } from '../core/AdminContext';
import { useLogoutMutation } from '../core/data/api';
import { navigation } from '../core/nav/navEntries';
import { loadModule, saveModule } from '../core/session/loginState';
import { endSession } from '../core/session/session';
import { SCREENS } from '../screens/screens';

/** Navigation logic: the links the caller may see, the stored module selection, the menu toggle, logout. */
export function useNavController() {
  const { registry, permissions, user } = useAdmin();
  const nav = useMemo(() => navigation(registry, permissions, Object.values(SCREENS)), [registry, permissions]);
  // The stored selection applies right after the first render, which must match the server's (no storage there).
  const [module, setModule] = useState<string | null>(null);
  useLayoutEffect(() => setModule(loadModule()), []);
  const [open, setOpen] = useState(false);
  const [logoutCall] = useLogoutMutation();
  const userModel = registry.model('user');

  return {
    ...nav,
    user,
    /** The user's own page (users may always read their own document). */
    profileLink: userModel ? `${userModel.route}/${user._id}` : undefined,
    module,
    toggleModule(name: string) {
      const next = module === name ? null : name;
      saveModule(next);
      setModule(next);
    },
    open,
    setOpen,
    async logout() {
      // Revoke the token on the server; the local state goes whatever the answer.
      await logoutCall()
        .unwrap()
        .catch(() => undefined);
      endSession();
    },
  };
}

export type NavController = ReturnType<typeof useNavController>;
