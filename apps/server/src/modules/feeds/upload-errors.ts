import type { Readable } from 'node:stream';
import { HttpError } from '../../lib/http-errors.ts';
import { unwrap } from '../../platform/rejections.ts';
import { feedRefusal } from './errors.ts';

const SEND_FILE = 'send the file as multipart/form-data, field `file`.';
const ONE_FILE = 'Send one file only, field `file`.';

export const tooLarge = () => new HttpError(413, 'A feed file may be at most 200 MB.', 'FEED_FILE_TOO_LARGE');

/**
 * Whether the form's own stream failed (cut short, malformed): the sender's fault. The disk's failures
 * are system errors (they name a syscall) and stay the server's.
 */
export function formBroke(file: Readable, error: unknown): boolean {
  return file.errored !== null && typeof (error as { syscall?: unknown } | null)?.syscall !== 'string';
}

/**
 * Why the rest of the form, after its first file, is refused (null when it holds nothing more): a
 * second file (the parser's limit is one), or a form that breaks off.
 */
export async function restOfFormProblem(files: AsyncIterator<unknown>): Promise<string | null> {
  try {
    return (await files.next()).done ? null : ONE_FILE;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT') return ONE_FILE;
    return `The form could not be read (${(error as Error).message}); ${SEND_FILE}`;
  }
}

/**
 * The multipart plugin's refusals as this API's: a file over the limit, a body that is not a form, and
 * (`fromForm`) a form that breaks off or is malformed.
 */
export function uploadError(error: unknown, fromForm = false): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) unwrap(feedRefusal('FEED_FILE_MISSING'));
  if (fromForm)
    unwrap(
      feedRefusal(
        'FEED_FILE_MISSING',
        `The form could not be read (${(error as Error).message}); ${SEND_FILE}`,
      ),
    );
  throw error;
}
