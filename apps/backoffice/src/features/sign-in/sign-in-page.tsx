import { useState, type FormEvent } from 'react';
import { ErrorNote } from '../../components/notice.tsx';
import { signIn } from './sign-in.ts';

export function SignInPage() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <form className="sign-in-card panel" onSubmit={(event) => void submit(event)}>
        <h1 className="page-title">
          Backlay <span className="brand-sub">console</span>
        </h1>
        <p className="note">Staff sign-in. Every change you make is recorded in the audit log.</p>
        <label className="field">
          <span className="field-label">Email</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span className="field-label">Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <ErrorNote error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
