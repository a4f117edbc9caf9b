import { describe, expect, it } from 'vitest';
import { loadConfig, realtimeKeyOf } from './config.js';

describe('the socket fan-out key (Redis channel prefix)', () => {
  it('is shared by instances of one database and differs between deployments', () => {
    const a = realtimeKeyOf('postgres://app:one@db.internal:5432/prosa', '/data');
    // Another instance, other credentials, same database: the same events.
    expect(realtimeKeyOf('postgres://reader:two@db.internal:5432/prosa?sslmode=require', '/other')).toBe(a);
    expect(realtimeKeyOf('postgres://app:one@db.internal/prosa', '/data')).toBe(a);
    // Another database, another server, or an embedded data folder: never the same.
    expect(realtimeKeyOf('postgres://app:one@db.internal:5432/prosa_staging', '/data')).not.toBe(a);
    expect(realtimeKeyOf('postgres://app:one@db2.internal:5432/prosa', '/data')).not.toBe(a);
    expect(realtimeKeyOf(undefined, '/data')).not.toBe(realtimeKeyOf(undefined, '/data2'));
    expect(a).toMatch(/^prosa\.socket\.io\.[0-9a-f]{16}$/);
    expect(a).not.toContain('one');
  });

  it('is what the configuration carries', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/prosa_key_test';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: '/tmp/prosa-key', JWT_SECRET: 'x'.repeat(40) }).realtimeKey).toBe(
      realtimeKeyOf(url, '/tmp/prosa-key'),
    );
  });
});
