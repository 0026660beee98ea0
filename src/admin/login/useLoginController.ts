import { useState, type FormEvent } from 'react';
import { useLoginMutation } from '../core/data/api';
import type { ApiFailure } from '../core/data/types';
import { saveLoginState, sessionEndedMessage } from '../core/session/loginState';

/** Login screen logic (spec section 4): on success the state is stored and the page reloads. */
export function useLoginController(reload: () => void = () => window.location.reload()) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Why the last session ended (the password was changed elsewhere), until the next login.
  const [notice] = useState(sessionEndedMessage);
  const [login, { isLoading }] = useLoginMutation();

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    try {
      const state = await login({ username: username.trim(), password }).unwrap();
      saveLoginState(state);
      reload();
    } catch (failure) {
      setError((failure as ApiFailure).message || 'Login failed');
    }
  }

  function reset() {
    setUsername('');
    setPassword('');
    setError(null);
  }

  return { username, setUsername, password, setPassword, error, notice, busy: isLoading, submit, reset };
}
