import type { FeedFile } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { useMay } from '../../lib/permissions.ts';
import { feedsKey, fetchFeeds } from './api.ts';
import { FeedCard } from './feed-card.tsx';
import { ReplayForm } from './replay-form.tsx';
import { StreamForm } from './stream-form.tsx';
import { UploadPanel } from './upload-panel.tsx';
import './feeds.css';

/** Feeds move quickly at high replay speeds; the list follows every 2 s while the tab is in view. */
const FEEDS_REFRESH_MS = 2_000;

/** The files ticked for the next replay, in the order ticked (a new upload is ticked). */
function useChosenFiles() {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const onUploaded = (file: FeedFile) => setChosen((ids) => [...ids.filter((id) => id !== file.id), file.id]);
  const onToggle = (id: string) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((known) => known !== id) : [...ids, id]));
  return { chosen, onUploaded, onToggle };
}

/** Recorded and live Exchange Stream sources: upload, replay or connect, and watch each feed. */
export default function FeedsPage() {
  const mayTrade = useMay('trading');
  const files = useChosenFiles();
  const feeds = useQuery({
    queryKey: feedsKey,
    queryFn: ({ signal }) => fetchFeeds(signal),
    refetchInterval: FEEDS_REFRESH_MS,
    enabled: mayTrade,
  });
  if (!mayTrade) return <p className="empty-state">Only an owner or a trader runs feeds.</p>;
  const list = feeds.data?.feeds ?? [];
  return (
    <section className="page">
      <PageHead title="Feeds" />
      <div className="panel-grid">
        <UploadPanel {...files} />
        <ReplayForm fileIds={files.chosen} />
      </div>
      <section className="stack" aria-labelledby="feeds-list-title">
        <h2 id="feeds-list-title" className="section-title">
          Running and past feeds
        </h2>
        <ErrorNote error={feeds.error} />
        {feeds.isPending && <p className="note">Loading feeds…</p>}
        {feeds.isSuccess && list.length === 0 && <p className="empty-state">No feed has run yet.</p>}
        {list.map((feed) => (
          <FeedCard key={feed.id} feed={feed} />
        ))}
      </section>
      <StreamForm />
    </section>
  );
}
