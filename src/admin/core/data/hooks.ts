import { useDispatch } from 'react-redux';
import type { AdminDispatch } from './store';

/** `useDispatch` that knows the store's thunks (RTK Query `initiate` results with `unwrap`). */
export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();
