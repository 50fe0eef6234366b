import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, getStaffSession, saveStaffSession } from '../../lib/staff-session.ts';
import { confirmFeedResult, resumeFeed, uploadFeedFile } from './api.ts';

const uploaded = { file: { id: 'f1', name: '1.197931750', bytes: 12, kind: 'stream' } };

function signIn() {
  saveStaffSession({
    token: 'staff-token',
    user: { id: 's1', unique_code: 's1', name: 'Owner', staffRole: 'owner' } as never,
  });
}

describe('the feeds API calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearStaffSession();
  });

  it('uploads a file as multipart with the staff token and reads its recognised kind', async () => {
    signIn();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(uploaded), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const file = await uploadFeedFile(new File(['{"op":"mcm"}'], '1.197931750'));
    expect(file).toEqual(uploaded.file);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/admin/feed-files');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer staff-token');
    // The browser sets the multipart boundary itself: no content type is given.
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("throws the server's refusal in its words, and a 401 ends the session", async () => {
    signIn();
    const refusal = {
      message: 'The file is not a stream recording, catalogue or sports data.',
      code: 'FEED_FILE_UNRECOGNISED',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 400 })),
    );
    await expect(uploadFeedFile(new File(['x'], 'notes.txt'))).rejects.toThrow(refusal.message);
    expect(getStaffSession()).not.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    await expect(uploadFeedFile(new File(['x'], 'a'))).rejects.toThrow();
    expect(getStaffSession()).toBeNull();
  });

  it('resumes with an until only when one is given, and confirms a market by its portal id', async () => {
    // Only what is sent matters here; the answer's shape is the contract's test.
    const feed = { feed: {} };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(feed), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await resumeFeed({ id: 'a/b', until: 1650392790000 }).catch(() => undefined);
    await resumeFeed({ id: 'a/b' }).catch(() => undefined);
    const bodies = fetchMock.mock.calls.map((call) =>
      String((call as unknown as [string, RequestInit])[1].body),
    );
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/admin/feeds/a%2Fb/resume');
    expect(bodies).toEqual(['{"until":1650392790000}', '{}']);
    await confirmFeedResult({ id: 'f1', marketId: 'bf-1/2' }).catch(() => undefined);
    expect((fetchMock.mock.calls[2] as unknown as [string])[0]).toBe(
      '/api/admin/feeds/f1/markets/bf-1%2F2/confirm',
    );
  });
});
