import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SESSION_CHECK_DEBOUNCE_MS } from '../../../shared/rules/constants';
import { adminApi } from '../data/api';
import { useAdminDispatch } from '../data/hooks';
import type { ApiFailure } from '../data/types';
import { onLoginStateChange } from './loginState';
import { endSession } from './session';

/**
 * Spec section 4: the session is checked on window focus and on route change, debounced 2 s; a
 * rejected session clears the login state. A login or logout in another tab reloads this one.
 */
export function useSessionCheck(): void {
  const dispatch = useAdminDispatch();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = useRef<() => void>(() => {});

  schedule.current = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const request = dispatch(adminApi.endpoints.self.initiate(undefined, { forceRefetch: true, subscribe: false }));
      request.unwrap().catch((error: ApiFailure) => {
        if (error.status === 401) endSession();
      });
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
