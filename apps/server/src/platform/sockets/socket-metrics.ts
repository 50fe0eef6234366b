import { Counter, Gauge, type Registry } from 'prom-client';
import type { RefusalReason, TerminationReason } from './limits.ts';

/** What the sockets report to /metrics; every label has a small fixed set of values. */
export type SocketMetrics = {
  open: Gauge<'route'>;
  authenticated: Gauge<'route'>;
  refused: Counter<'route' | 'reason'>;
  terminated: Counter<'route' | 'reason'>;
  sent: Counter<'route'>;
  dropped: Counter<'route'>;
  conflated: Counter<'route'>;
  clientFaults: Counter;
};

export function createSocketMetrics(registry: Registry): SocketMetrics {
  const registers = [registry];
  return {
    open: new Gauge({ name: 'backlay_sockets_open', help: 'Open sockets', labelNames: ['route'], registers }),
    authenticated: new Gauge({
      name: 'backlay_sockets_authenticated',
      help: 'Sockets that have authenticated',
      labelNames: ['route'],
      registers,
    }),
    refused: new Counter({
      name: 'backlay_sockets_refused_total',
      help: 'Sockets refused or closed by the server, by reason',
      labelNames: ['route', 'reason'],
      registers,
    }),
    terminated: new Counter({
      name: 'backlay_sockets_terminated_total',
      help: 'Sockets terminated for a missed heartbeat or for not reading',
      labelNames: ['route', 'reason'],
      registers,
    }),
    sent: new Counter({
      name: 'backlay_socket_messages_sent_total',
      help: 'Messages sent to sockets',
      labelNames: ['route'],
      registers,
    }),
    dropped: new Counter({
      name: 'backlay_socket_messages_dropped_total',
      help: 'Messages dropped for a slow reader',
      labelNames: ['route'],
      registers,
    }),
    conflated: new Counter({
      name: 'backlay_socket_messages_conflated_total',
      help: 'Messages replaced by a newer one of the same key before a slow reader got them',
      labelNames: ['route'],
      registers,
    }),
    clientFaults: new Counter({
      name: 'backlay_socket_client_faults_total',
      help: 'Malformed frames the protocol layer refused, and connections the client reset',
      registers,
    }),
  };
}

export type { RefusalReason, TerminationReason };
