import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SESSION_CHECK_DEBOUNCE_MS } from '../../../shared/rules/constants';
import { useAdmin } from '../AdminContext';
import { adminApi } from '../data/api';
import { useAdminDispatch } from '../data/hooks';
import type { ApiFailure } from '../data/types';
import { onLoginStateChange } from './loginState';
import { endSession } from './session';

/**
 * Spec section 4: the session is checked on window focus and on route change, debounced 2 s; a
 * rejected session clears the login state. A login or logout in another tab reloads this one.
 * The check asks for the caller's permissions too: changed meanwhile (an admin changed their roles or a role's
 * permissions), the admin takes the new ones and the schemas they see, so it offers what the server now allows.
 */
export function useSessionCheck(): void {
  const dispatch = useAdminDispatch();
  const location = useLocation();
  const { permissions } = useAdmin();
  const held = useRef(permissions);
  held.current = permissions;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = useRef<() => void>(() => {});

  schedule.current = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const request = dispatch(adminApi.endpoints.self.initiate(undefined, { forceRefetch: true, subscribe: false }));
      request.unwrap().then(
        async () => {
          // A failure here changes nothing: the admin keeps what it has, and the next check asks again.
          const before = held.current;
          const now = await dispatch(
            adminApi.endpoints.permissions.initiate(undefined, { forceRefetch: true, subscribe: false }),
          )
            .unwrap()
            .catch(() => undefined);
          if (now && [...now].sort().join() !== [...before].sort().join())
            void dispatch(adminApi.endpoints.schemas.initiate(undefined, { forceRefetch: true, subscribe: false }));
        },
        (error: ApiFailure) => {
          if (error.status === 401) endSession();
        },
      );
    }, SESSION_CHECK_DEBOUNCE_MS);
  };

  useEffect(() => {
    schedule.current();
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onFocus = () => schedule.current();
    window.addEventListener('focus', onFocus);
    const stop = onLoginStateChange(() => endSession());
    return () => {
      window.removeEventListener('focus', onFocus);
      stop();
      clearTimeout(timer.current);
    };
  }, []);
}
