import { useState, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { scoreUpdateSchema, type EventDetail, type ScoreUpdate } from '@backlay/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useStreamTopic } from '../../../lib/stream-socket.ts';
import { useEventDetail } from '../api/get-event.ts';
import { useSportEvents } from '../api/get-events.ts';
import { FEATURED_SPORT, pickFeaturedEvent } from '../featured-event.ts';
import { marketSections } from '../market-view.ts';
import type { SportsDetailParams } from '../sports-detail-loader.ts';
import { LiveMatch } from './live-match.tsx';
import { MarketSection } from './market-section.tsx';
import { MatchHeader } from './match-header.tsx';
import { MyBets } from './my-bets.tsx';
import { SlipNotice, SlipProvider } from './slip-provider.tsx';
import '../sports.css';

/** Plain `/sportsdetail` shows the featured match: the first in-play cricket match, else the next. */
function useShownEventId(requested: string | null): { eventId: string | null; pending: boolean } {
  const featured = useSportEvents(requested === null ? FEATURED_SPORT : null);
  if (requested !== null) return { eventId: requested, pending: false };
  return {
    eventId: featured.data ? pickFeaturedEvent(featured.data.events) : null,
    pending: featured.isPending,
  };
}

/** The event's status and score, from the page's fetch until the `score` topic says otherwise. */
function useLiveScore(detail: EventDetail): Omit<ScoreUpdate, 'eventId'> {
  const [streamed, setStreamed] = useState<ScoreUpdate | null>(null);
  useStreamTopic('score', detail.event.id, (message) => {
    const parsed = scoreUpdateSchema.safeParse(message.data);
    if (parsed.success) setStreamed(parsed.data);
  });
  if (streamed?.eventId === detail.event.id) return streamed;
  return { status: detail.event.status, inPlay: detail.event.inPlay, score: detail.score };
}

function Placeholder({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="page" data-testid="sports-detail" aria-busy={busy || undefined}>
      <header className="match-header">
        <h1>Match details</h1>
      </header>
      {children}
    </div>
  );
}

function Match({ detail }: { detail: EventDetail }) {
  const live = useLiveScore(detail);
  const sections = marketSections(detail.markets);
  const name = detail.event.name;
  return (
    <div className="page" data-testid="sports-detail" data-event={detail.event.id}>
      <MatchHeader event={detail.event} live={live} />
      <SlipNotice />
      <div className="market-grid">
        <div className="market-main">
          {sections.length === 0 && <EmptyState>No market of this match is open for betting.</EmptyState>}
          {sections.map((section) => (
            <MarketSection key={section.type} section={section} eventName={name} />
          ))}
        </div>
        <aside className="market-side" aria-label="Match panel">
          <LiveMatch score={live.score} inPlay={live.inPlay} />
          <MyBets eventId={detail.event.id} markets={detail.markets} />
        </aside>
      </div>
    </div>
  );
}

/** Match detail: header and live score, every open market with live prices, the live panel, My Bet. */
export function SportsDetailPage() {
  const { eventId: requested } = useLoaderData() as SportsDetailParams;
  const shown = useShownEventId(requested);
  const detail = useEventDetail(shown.eventId);

  if (shown.pending || (shown.eventId !== null && detail.isPending)) {
    return <Placeholder busy>{null}</Placeholder>;
  }
  if (shown.eventId === null || !detail.data) {
    return (
      <Placeholder busy={false}>
        <EmptyState testId="no-match">
          {shown.eventId === null ? 'No match is listed right now.' : 'This match could not be loaded.'}{' '}
          <Link to="/cricket">See all cricket matches</Link>
        </EmptyState>
      </Placeholder>
    );
  }
  return (
    <SlipProvider>
      <Match detail={detail.data} />
    </SlipProvider>
  );
}
