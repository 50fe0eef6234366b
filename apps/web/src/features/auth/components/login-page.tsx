import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse } from '@backlay/contracts';
import { saveSession, useSession } from '../../../lib/session.ts';
import { clearSignOutNotice, readSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { paths } from '../../../paths.ts';
import { loadSignInRequests, useLogin } from '../api/login.ts';
import { useDemoLogin } from '../api/demo-login.ts';
import { validateLogin } from '../validation.ts';
import { loginFailureText } from '../login-failure.ts';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { LoginFields, LoginMessages } from './login-fields.tsx';
import './login-page.css';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // Why the portal signed the player out (a self-exclusion), until they try to sign in again.
  const [notice, setNotice] = useState(readSignOutNotice);
  const navigate = useNavigate();
  const session = useSession();
  const loginMutation = useLogin();
  const demoMutation = useDemoLogin();
  const busy = loginMutation.isPending || demoMutation.isPending;

  // No query cache to clear here: it lives in the signed-in shell, which is never mounted while
  // this page shows, so every sign-in starts with a fresh one (app/router.tsx).
  const signedIn = (answer: LoginResponse) => {
    saveSession(answer.access_token, answer.user);
    navigate(paths.home);
  };
  const failed = (error: unknown) => setFailure(loginFailureText(error));
  const startAttempt = () => {
    clearSignOutNotice();
    setNotice(null);
    setFailure(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startAttempt();
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.length > 0) return;
    loginMutation.mutate({ email: email.trim(), password }, { onSuccess: signedIn, onError: failed });
  };

  const onDemo = () => {
    setErrors([]);
    startAttempt();
    demoMutation.mutate(undefined, { onSuccess: signedIn, onError: failed });
  };

  return (
    <main className="login-page" data-testid="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <BrandMark />
        <h1 id="login-title" className="login-title">
          Login
        </h1>
        {notice && (
          <p className="login-notice" role="status" data-testid="login-notice">
            {notice}
          </p>
        )}
        <form
          className="login-form"
          onSubmit={onSubmit}
          // The first focus in the form fetches the sign-in requests while the player types.
          onFocus={() => void loadSignInRequests()}
          noValidate
          data-testid="login-form"
        >
          <LoginFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
          <LoginMessages errors={errors} failure={failure} />
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
        {session && (
          <p className="login-note" data-testid="login-continue">
            Signed in{session.user ? ` as ${session.user.name}` : ''}. <Link to={paths.home}>Go to home</Link>
          </p>
        )}
        <p className="login-note">18+ only. Play responsibly.</p>
      </section>
    </main>
  );
}
