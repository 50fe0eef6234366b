/** Per-player stake presets (Set Button Value); absent row = the spec's defaults. */
export const sql = `
CREATE TABLE stake_buttons (
  user_id    uuid PRIMARY KEY REFERENCES users (id),
  game       jsonb NOT NULL,
  casino     jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
