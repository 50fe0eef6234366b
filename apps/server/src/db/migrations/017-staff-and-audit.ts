/**
 * Staff roles and the audit log (docs/decisions/0236). Every operator account has a role: owner,
 * trader, support or viewer; the operator made at first start is the owner. Every staff action that
 * changes anything is appended to `audit_log` in the same transaction as the change; a trigger refuses
 * to change or remove an entry.
 */
export const sql = `
ALTER TABLE users ADD COLUMN staff_role text CHECK (staff_role IN ('owner', 'trader', 'support', 'viewer'));
UPDATE users SET staff_role = 'owner' WHERE role = 'operator';
ALTER TABLE users ADD CONSTRAINT users_staff_have_roles CHECK ((role = 'operator') = (staff_role IS NOT NULL));

CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_id     uuid REFERENCES users (id),
  actor_email  text NOT NULL CHECK (char_length(actor_email) BETWEEN 1 AND 254),
  actor_role   text NOT NULL CHECK (char_length(actor_role) BETWEEN 1 AND 20),
  address      text NOT NULL CHECK (char_length(address) <= 100),
  action       text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 80),
  target       text NOT NULL CHECK (char_length(target) <= 200),
  before       jsonb,
  after        jsonb,
  reason       text CHECK (char_length(reason) <= 500)
);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
`;
