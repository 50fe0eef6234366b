export const sql = `
CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_code   text NOT NULL UNIQUE,
  email         text NOT NULL UNIQUE CHECK (email = lower(email)),
  name          text NOT NULL,
  role          text NOT NULL CHECK (role IN ('player', 'operator')),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  is_demo       boolean NOT NULL DEFAULT false,
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-ins, counted per address and per account in a sliding window (shared by all instances).
CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  address    text NOT NULL,
  email      text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_address ON login_failures (address, at);
CREATE INDEX login_failures_email ON login_failures (email, at);

CREATE TABLE demo_logins (
  id         bigserial PRIMARY KEY,
  address    text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_logins_address ON demo_logins (address, at);
`;
