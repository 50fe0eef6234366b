import { useId, useState, type FormEvent } from 'react';
import { MAX_APP_KEY_NAME_CHARS, MAX_APP_KEYS, type AppKey } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAppKeys, useCreateAppKey, useRevokeAppKey } from '../api/app-keys.ts';
import {
  connectionLines,
  CREATE_FAILED_TEXT,
  failureText,
  KEYS_FAILED_TEXT,
  REVOKE_FAILED_TEXT,
} from '../connection-lines.ts';
import './api-access.css';

function CreateKeyForm() {
  const [name, setName] = useState('');
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const create = useCreateAppKey();
  const nameId = useId();
  const statusId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed)
      return setStatus({ error: true, text: 'Give the key a name, such as the program that uses it.' });
    setStatus(null);
    create.mutate(trimmed, {
      onSuccess: (key) => {
        setName('');
        setStatus({ error: false, text: `Key "${key.name}" created.` });
      },
      onError: (failure) => setStatus({ error: true, text: failureText(failure, CREATE_FAILED_TEXT) }),
    });
  };

  return (
    <form className="api-create" onSubmit={onSubmit} noValidate data-testid="app-key-form">
      <div className="field">
        <label className="field-label" htmlFor={nameId}>
          New key name
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={MAX_APP_KEY_NAME_CHARS}
          autoComplete="off"
          aria-describedby={status ? statusId : undefined}
          aria-invalid={status?.error ? true : undefined}
          onChange={(event) => setName(event.target.value)}
          data-testid="app-key-name"
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={create.isPending}
        data-testid="app-key-create"
      >
        {create.isPending ? 'Creating…' : 'Create key'}
      </button>
      {status && (
        <p
          id={statusId}
          className={status.error ? 'error-text' : 'api-note'}
          role={status.error ? 'alert' : 'status'}
          data-testid="app-key-status"
        >
          {status.text}
        </p>
      )}
    </form>
  );
}

/** Revoking asks once more: a program still using the key stops working at its next call. */
function RevokeButton({ appKey }: { appKey: AppKey }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeAppKey();
  if (!confirming)
    return (
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={`Revoke ${appKey.name}`}
        onClick={() => setConfirming(true)}
        data-testid="app-key-revoke"
      >
        Revoke
      </button>
    );
  return (
    <span className="api-confirm">
      <button
        type="button"
        className="btn btn-danger"
        aria-label={`Revoke now: ${appKey.name}`}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(appKey.appKey, {
            onError: (failure) => setError(failureText(failure, REVOKE_FAILED_TEXT)),
          })
        }
        data-testid="app-key-revoke-confirm"
      >
        {revoke.isPending ? 'Revoking…' : 'Revoke now'}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
        Keep
      </button>
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

const columns: Column<AppKey>[] = [
  { key: 'name', header: 'Name', cell: (key) => key.name, testId: 'app-key-row-name' },
  {
    key: 'appKey',
    header: 'App key',
    cell: (key) => <code className="api-code">{key.appKey}</code>,
    testId: 'app-key-value',
  },
  { key: 'createdAt', header: 'Created', cell: (key) => formatDateTime(key.createdAt) },
  { key: 'actions', header: 'Actions', cell: (key) => <RevokeButton appKey={key} />, align: 'right' },
];

function KeysSection() {
  const titleId = useId();
  const keys = useAppKeys();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="app-keys">
      <h2 className="panel-head" id={titleId}>
        Your app keys
      </h2>
      <div className="panel-body api-body">
        <p className="api-note">
          Each program sends one of these as its app key (X-Application). You can hold up to {MAX_APP_KEYS};
          revoke a key you no longer use, or one you think someone else has.
        </p>
        <CreateKeyForm />
        {keys.isError ? (
          <LoadError
            text={KEYS_FAILED_TEXT}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
            className=""
            testId="app-keys-error"
            retryTestId="app-keys-retry"
          />
        ) : (
          <DataTable
            label="App keys"
            columns={columns}
            rows={keys.data?.items ?? []}
            rowKey={(key) => key.appKey}
            emptyText="No app keys yet."
            loading={keys.isPending}
            testId="app-keys-table"
            rowTestId="app-key-row"
          />
        )}
      </div>
    </section>
  );
}

function ConnectSection() {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="api-connect">
      <h2 className="panel-head" id={titleId}>
        Point your program here
      </h2>
      <div className="panel-body api-body">
        <p className="api-note">
          The portal speaks Betfair&apos;s API-NG and Exchange Stream API, so betfairlightweight and programs
          built on it work unchanged. Create the client with your email, password and an app key, set these
          four lines, then sign in with <code className="api-code">trading.login_interactive()</code>.
        </p>
        <pre className="api-lines" tabIndex={0} aria-label="Connection settings" data-testid="api-lines">
          <code>{connectionLines(window.location.origin).join('\n')}</code>
        </pre>
      </div>
    </section>
  );
}

export function ApiAccessPage() {
  return (
    <section className="page api-access" data-testid="api-access">
      <h1 className="page-title">API access</h1>
      <p className="api-intro">
        Trade with your own programs. They sign in as you, see what you see and bet from your balance, within
        your limits.
      </p>
      <KeysSection />
      <ConnectSection />
    </section>
  );
}
