import { configureStore } from '@reduxjs/toolkit';
import { adminApi, type AdminExtra } from './api';
import type { DataProvider } from './types';

/** The admin's Redux store over one implementation of the data interface (HTTP in the app, in-memory in stories). */
export function createAdminStore(provider: DataProvider) {
  const extra: AdminExtra = { provider };
  return configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (defaults) => defaults({ thunk: { extraArgument: extra } }).concat(adminApi.middleware),
  });
}

export type AdminStore = ReturnType<typeof createAdminStore>;
export type AdminDispatch = AdminStore['dispatch'];
