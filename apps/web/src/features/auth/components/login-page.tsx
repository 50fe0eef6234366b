import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@backlay/contracts';
import { saveSession } from '../../../lib/session.ts';
import { paths } from '../../../paths.ts';
import { useLogin } from '../api/login.ts';
import { useDemoLogin } from '../api/demo-login.ts';
import { validateLogin } from '../validation.ts';
import { loginFailureText } from '../login-failure.ts';
import { BrandMark } from '../../../components/brand-mark.tsx';
import './login-page.css';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const demoMutation = useDemoLogin();
  const busy = loginMutation.isPending || demoMutation.isPending;

  const signedIn = (answer: LoginResponse) => {
    queryClient.clear();
    saveSession(answer.access_token, answer.user);
    navigate(paths.home);
  };
  const failed = (error: unknown) => setFailure(loginFailureText(error));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.length > 0) return;
    loginMutation.mutate({ email: email.trim(), password }, { onSuccess: signedIn, onError: failed });
  };

  const onDemo = () => {
    setErrors([]);
    setFailure(null);
    demoMutation.mutate(undefined, { onSuccess: signedIn, onError: failed });
  };

  return (
    <main className="login-page" data-testid="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <BrandMark />
        <h1 id="login-title" className="login-title">
          Login
        </h1>
        <form className="login-form" onSubmit={onSubmit} noValidate data-testid="login-form">
          <label className="field">
            <span className="field-label">Email</span>
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              data-testid="login-email"
            />
          </label>
          <label className="field">
            <span className="field-label">Password</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="login-password"
            />
          </label>
          {errors.length > 0 && (
            <ul className="login-errors" role="alert" data-testid="login-errors">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          {failure && (
            <p className="login-failure" role="alert" data-testid="login-failure">
              {failure}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="login-submit">
            Login
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onDemo}
            disabled={busy}
            data-testid="login-demo"
          >
            Login with demo ID
          </button>
        </form>
        <p className="login-note">18+ only. Play responsibly.</p>
      </section>
    </main>
  );
}
