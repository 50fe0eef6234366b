import { useState, type ComponentProps, type FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { fieldReader, streamBody } from './feed-forms.ts';
import { SettleFromField } from './settle-from-field.tsx';
import { useStartFeed } from './use-start-feed.ts';

function Field(props: { name: string; label: string } & ComponentProps<'input'>) {
  const { name, label, ...input } = props;
  return (
    <label className="field grow">
      <span className="field-label">{label}</span>
      <input name={name} {...input} />
    </label>
  );
}

/** Connects to a live Exchange Stream: where, who as (a session or a login), what to subscribe to. */
export function StreamForm() {
  const start = useStartFeed('Stream connected.');
  const [verify, setVerify] = useState(true);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = fieldReader(new FormData(event.currentTarget));
    start.run(() => streamBody(field, verify));
  };
  return (
    <section className="panel panel-body stack" aria-labelledby="stream-title">
      <h2 id="stream-title" className="panel-title">
        Live stream
      </h2>
      <form className="stack" onSubmit={submit} aria-label="Connect a live stream" autoComplete="off">
        <div className="row align-end">
          <Field name="host" label="Host" placeholder="stream-api.betfair.com" required />
          <Field name="port" label="Port" type="number" min={1} max={65535} defaultValue={443} />
          <Field name="appKey" label="App key" required />
        </div>
        <fieldset className="stack feeds-fieldset">
          <legend className="field-label">Sign in with a session token, or with a login</legend>
          <div className="row align-end">
            <Field name="session" label="Session token" type="password" />
          </div>
          <div className="row align-end">
            <Field
              name="identityUrl"
              label="Identity URL"
              type="url"
              placeholder="https://identitysso-cert.betfair.com/api/certlogin"
            />
            <Field name="username" label="Username" />
            <Field name="password" label="Password" type="password" />
          </div>
        </fieldset>
        <fieldset className="stack feeds-fieldset">
          <legend className="field-label">Market filter (lists separated by commas or spaces)</legend>
          <div className="row align-end">
            <Field name="marketIds" label="Market ids" placeholder="1.197931750" />
            <Field name="eventTypeIds" label="Event type ids" placeholder="4339" />
            <Field name="eventIds" label="Event ids" />
          </div>
          <div className="row align-end">
            <Field name="marketTypes" label="Market types" placeholder="WIN, MATCH_ODDS" />
            <Field name="countryCodes" label="Countries" placeholder="GB, IE" />
          </div>
        </fieldset>
        <div className="row align-end">
          <Field
            name="fields"
            label="Fields"
            placeholder="EX_BEST_OFFERS, EX_TRADED, EX_LTP, EX_MARKET_DEF"
          />
          <Field name="ladderLevels" label="Ladder levels" type="number" min={1} max={10} placeholder="3" />
          <Field name="conflateMs" label="Conflation (ms)" type="number" min={0} placeholder="0" />
          <SettleFromField />
        </div>
        <label className="field">
          <span className="field-label">CA certificate (PEM, optional)</span>
          <textarea name="ca" rows={2} spellCheck={false} />
        </label>
        <label className="check">
          <input type="checkbox" checked={verify} onChange={(event) => setVerify(event.target.checked)} />
          Check the server&apos;s certificate
        </label>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={start.busy}>
            Connect
          </button>
        </div>
      </form>
      <ErrorNote error={start.error} />
      <DoneNote text={start.done} />
    </section>
  );
}
