import { describe, expect, it } from 'vitest';
import {
  bytesText,
  dateTimeToMs,
  FormRefusal,
  lagText,
  listOf,
  progressPercent,
  replayBody,
  speedOf,
  streamBody,
  type FieldReader,
  uploadRefusal,
} from './feed-forms.ts';

const fields =
  (values: Record<string, string>): FieldReader =>
  (name) =>
    values[name] ?? '';

describe('replayBody', () => {
  it('sends the chosen files, the speed and only the options given', () => {
    expect(replayBody(['f1'], fields({ speed: '1', settleFrom: 'trader' })).settleFrom).toBe('trader');
    expect(() => replayBody(['f1'], fields({ speed: '1', settleFrom: 'later' }))).toThrow(/settle/);
    expect(replayBody(['f1', 'f2'], fields({ speed: '1000' }))).toEqual({
      kind: 'replay',
      fileIds: ['f1', 'f2'],
      speed: 1000,
    });
  });

  it('reads the max gap in ms and the until time from the local date-time input', () => {
    const body = replayBody(['f1'], fields({ speed: '1', maxGapMs: '5000', until: '2022-04-19T19:26:00' }));
    expect(body.maxGapMs).toBe(5000);
    expect(body.until).toBe(new Date('2022-04-19T19:26:00').getTime());
  });

  it('refuses no file, a speed outside 1–10,000 and an unreadable time', () => {
    expect(() => replayBody([], fields({ speed: '10' }))).toThrow(/at least one/);
    expect(() => replayBody(['f'], fields({ speed: '0.5' }))).toThrow(FormRefusal);
    expect(() => replayBody(['f'], fields({ speed: '10001' }))).toThrow(/10,000/);
    expect(() => replayBody(['f'], fields({ speed: '5', maxGapMs: '-1' }))).toThrow(/Max gap/);
    expect(() => dateTimeToMs('tomorrow')).toThrow(/not a date/);
  });
});

describe('streamBody', () => {
  const base = { host: 'stream.example', appKey: 'key', marketIds: '1.1, 1.2', session: 'tok' };

  it('connects with a session token, the default port and the filter lists', () => {
    expect(streamBody(fields(base), true)).toEqual({
      kind: 'stream',
      host: 'stream.example',
      port: 443,
      appKey: 'key',
      session: 'tok',
      filter: { marketIds: ['1.1', '1.2'] },
    });
  });

  it('logs in when no session is given, and carries TLS and subscription options', () => {
    const body = streamBody(
      fields({
        ...base,
        session: '',
        identityUrl: 'https://id.example/login',
        username: 'u',
        password: 'p',
        port: '8443',
        ca: 'PEM',
        fields: 'EX_BEST_OFFERS EX_LTP',
        ladderLevels: '3',
        conflateMs: '100',
        countryCodes: 'GB',
      }),
      false,
    );
    expect(body.login).toEqual({ identityUrl: 'https://id.example/login', username: 'u', password: 'p' });
    expect(body.session).toBeUndefined();
    expect(body.port).toBe(8443);
    expect(body.tls).toEqual({ ca: 'PEM', rejectUnauthorized: false });
    expect(body.fields).toEqual(['EX_BEST_OFFERS', 'EX_LTP']);
    expect(body.ladderLevels).toBe(3);
    expect(body.conflateMs).toBe(100);
    expect(body.filter).toEqual({ marketIds: ['1.1', '1.2'], countryCodes: ['GB'] });
    expect(streamBody(fields({ ...base, countryCodes: 'gb ie', settleFrom: 'trader' }), true)).toMatchObject({
      filter: { countryCodes: ['GB', 'IE'] },
      settleFrom: 'trader',
    });
  });

  it('refuses a stream without a host, app key, credentials or filter', () => {
    expect(() => streamBody(fields({ ...base, host: '' }), true)).toThrow(/host/);
    expect(() => streamBody(fields({ ...base, appKey: '' }), true)).toThrow(/app key/);
    expect(() => streamBody(fields({ ...base, session: '' }), true)).toThrow(/session token/);
    expect(() => streamBody(fields({ ...base, marketIds: '' }), true)).toThrow(/filter/);
    expect(() => streamBody(fields({ ...base, port: '70000' }), true)).toThrow(/Port/);
  });
});

describe('figures as the page shows them', () => {
  it('writes sizes, lag and progress', () => {
    expect(bytesText(812)).toBe('812 B');
    expect(bytesText(395_421)).toBe('386.2 KiB');
    expect(bytesText(13 * 1024 * 1024)).toBe('13.0 MiB');
    expect(lagText(null)).toBe('–');
    expect(uploadRefusal(395_421)).toBeNull();
    expect(uploadRefusal(300 * 1024 * 1024)).toBe('The file is 300.0 MiB; the largest upload is 200.0 MiB.');
    expect(lagText(40)).toBe('40 ms');
    expect(lagText(3_200)).toBe('3.2 s');
    expect(lagText(300_000)).toBe('5 min');
    expect(progressPercent(0.456)).toBe(46);
    expect(progressPercent(1.2)).toBe(100);
  });

  it('splits lists on commas and spaces', () => {
    expect(listOf(' a, b  c,,')).toEqual(['a', 'b', 'c']);
    expect(listOf('  ')).toBeUndefined();
    expect(speedOf('10000')).toBe(10_000);
  });
});
