interface LoginFieldsProps {
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
}

export function LoginFields({ email, password, onEmail, onPassword }: LoginFieldsProps) {
  return (
    <>
      <label className="field">
        <span className="field-label">Email</span>
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => onEmail(event.target.value)}
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
          onChange={(event) => onPassword(event.target.value)}
          data-testid="login-password"
        />
      </label>
    </>
  );
}

/** Validation messages (all together) and the failure of the last attempt. */
export function LoginMessages({ errors, failure }: { errors: string[]; failure: string | null }) {
  return (
    <>
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
    </>
  );
}
