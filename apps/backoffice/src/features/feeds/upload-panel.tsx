import type { FeedFile, StoredFeedFile } from '@backlay/contracts';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { LoadMore } from '@backlay/front-kit/load-more';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { ErrorNote } from '../../components/notice.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { failureText } from '../../lib/http.ts';
import { feedFilesKey, fetchFeedFiles, uploadFeedFile } from './api.ts';
import { bytesText, FILE_KIND_TEXT, uploadRefusal } from './feed-forms.ts';

interface UploadPanelProps {
  chosen: readonly string[];
  onUploaded: (file: FeedFile) => void;
  onToggle: (id: string) => void;
}

interface Refusal {
  name: string;
  message: string;
}

/**
 * Uploads recordings, catalogues and sports data one at a time (each refusal named with its file), and
 * lists every stored file, newest first, to tick for a replay.
 */
export function UploadPanel({ chosen, onUploaded, onToggle }: UploadPanelProps) {
  const queryClient = useQueryClient();
  const stored = useCursorPages({ queryKey: feedFilesKey, load: fetchFeedFiles });
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    setBusy(true);
    setRefusals([]);
    for (const file of picked) {
      const tooLarge = uploadRefusal(file.size);
      if (tooLarge) {
        setRefusals((list) => [...list, { name: file.name, message: tooLarge }]);
        continue;
      }
      try {
        onUploaded(await uploadFeedFile(file));
        void queryClient.invalidateQueries({ queryKey: feedFilesKey });
      } catch (error) {
        setRefusals((list) => [...list, { name: file.name, message: failureText(error) }]);
      }
    }
    input.value = '';
    setBusy(false);
  };

  const columns: readonly Column<StoredFeedFile>[] = [
    {
      header: 'Replay',
      cell: (file) => (
        <input
          type="checkbox"
          checked={chosen.includes(file.id)}
          onChange={() => onToggle(file.id)}
          aria-label={`Replay ${file.name}`}
        />
      ),
    },
    {
      header: 'Name',
      text: (file) => file.name,
      // The upload time under the name: the panel is half a desktop wide.
      cell: (file) => (
        <span className="cell-lines">
          <span className="cell-break">{file.name}</span>
          <span className="note">{formatDateTime(file.uploadedAt)}</span>
        </span>
      ),
      testId: 'feed-file-name',
    },
    { header: 'Size', text: (file) => bytesText(file.bytes), align: 'right' },
    { header: 'Recognised as', text: (file) => FILE_KIND_TEXT[file.kind], testId: 'feed-file-kind' },
  ];

  return (
    <section className="panel panel-body stack" aria-labelledby="feed-files-title">
      <h2 id="feed-files-title" className="panel-title">
        Files
      </h2>
      <label className="field">
        <span className="field-label">
          Exchange Stream recordings (one message a line), market catalogues or sports data
        </span>
        <input type="file" multiple disabled={busy} onChange={upload} data-testid="feed-file-input" />
      </label>
      {busy && (
        <p className="note" role="status">
          Uploading…
        </p>
      )}
      {refusals.length > 0 && (
        <ul className="alerts" role="alert" aria-label="Refused files">
          {refusals.map((refusal, index) => (
            <li key={`${refusal.name}-${index}`} className="alert">
              <strong>{refusal.name}</strong>
              {refusal.message}
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={stored.query.error} />
      <DataTable
        label="Uploaded files"
        columns={columns}
        rows={stored.rows}
        rowKey={(file) => file.id}
        emptyText={stored.query.isPending ? 'Loading files…' : 'No file uploaded yet.'}
      />
      <LoadMore {...stored.more} />
    </section>
  );
}
