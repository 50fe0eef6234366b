import type { FeedErrorCode } from '@backlay/contracts';
import { rejectionsFrom, type Rejection, type RejectionTable } from '../../platform/rejections.ts';

/** The feeds API's refusals, each with its kind (HTTP status) and default message. */
const FEED_REJECTIONS: RejectionTable<FeedErrorCode> = {
  FEED_NOT_FOUND: { kind: 'not_found', message: 'There is no such feed.' },
  FEED_FILE_NOT_FOUND: { kind: 'not_found', message: 'There is no such feed file.' },
  FEED_FILE_MISSING: { kind: 'invalid', message: 'Send the file as multipart/form-data, field `file`.' },
  FEED_FILE_UNRECOGNISED: {
    kind: 'invalid',
    message: 'This file is not an Exchange Stream recording, a market catalogue or sports data.',
  },
  FEED_FILE_TOO_LARGE: { kind: 'invalid', message: 'A feed file may be at most 200 MB.' },
  FEED_NO_STREAM_FILE: {
    kind: 'invalid',
    message: 'A replay needs at least one stream recording among its files.',
  },
  FEED_KIND_UNAVAILABLE: { kind: 'invalid', message: 'Live stream feeds are not available yet.' },
  FEED_NOT_RUNNING: { kind: 'conflict', message: 'This feed is not running.' },
  FEED_NOT_PAUSED: { kind: 'conflict', message: 'This feed is not paused.' },
  FEED_ENDED: { kind: 'conflict', message: 'This feed has ended; start a new one.' },
  FEED_NOT_REPLAY: { kind: 'invalid', message: 'Only a replay has a speed.' },
  NO_PENDING_RESULT: { kind: 'conflict', message: 'This market has no result waiting for confirmation.' },
  NOT_MIRRORED: { kind: 'not_found', message: 'This market is not mirrored from a source.' },
};

export const feedRefusal: (code: FeedErrorCode, message?: string) => Rejection =
  rejectionsFrom(FEED_REJECTIONS);
