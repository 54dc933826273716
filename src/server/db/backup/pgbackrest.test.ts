import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  type Archive,
  archiveFlags,
  archiveOf,
  type BackupSet,
  describeNewestBackup,
  walArchive,
} from './pgbackrest.ts';

// The settings PostgreSQL gets and what the start-up log says; the backups themselves are drilled in recovery-tests/.

const set = (label: string, stoppedAt: string): BackupSet => ({
  label,
  type: 'full',
  startedAt: new Date(stoppedAt),
  stoppedAt: new Date(stoppedAt),
  sizeBytes: 1,
  repositoryBytes: 1,
});

describe('WAL archiving settings', () => {
  it('archive every segment with pgbackrest, quoting paths for the shell PostgreSQL runs the command with', () => {
    const archive: Archive = {
      ...archiveOf(loadConfig({ DATA_DIR: "/srv/farm's data" }), '/usr/bin/pgbackrest'),
      archiveTimeoutSeconds: 60,
    };
    const flags = archiveFlags(archive);
    expect(flags).toContain('archive_mode=on');
    expect(flags).toContain('archive_timeout=60');
    expect(flags).toContain(
      "archive_command='/usr/bin/pgbackrest' --config='/srv/farm'\\''s data/pgbackrest.conf' --stanza=farmstall archive-push %p",
    );
    expect(flags).toContain("unix_socket_directories=/srv/farm's data/run");
  });

  it('use a socket folder in the temporary directory when DATA_DIR is too long for a socket name', () => {
    const long = `/srv/${'a'.repeat(120)}`;
    const { socketDir } = archiveOf(loadConfig({ DATA_DIR: long }), '/usr/bin/pgbackrest');
    expect(socketDir).toMatch(/^\/tmp\/farmstall-[0-9a-f]{16}$/);
  });

  it('are off with WAL_ARCHIVE=off and for a database the server does not run (DATABASE_URL)', () => {
    expect(walArchive(loadConfig({ WAL_ARCHIVE: 'off' }))).toBeUndefined();
    expect(walArchive(loadConfig({ DATABASE_URL: 'postgres://db.example/shop', WAL_ARCHIVE: 'on' }))).toBeUndefined();
  });

  it('keep the repository in BACKUP_DIR, by default DATA_DIR/backups', () => {
    expect(archiveOf(loadConfig({ DATA_DIR: '/srv/farm' }), '/bin/pgbackrest').repoDir).toBe(
      '/srv/farm/backups/pgbackrest',
    );
    expect(
      archiveOf(loadConfig({ DATA_DIR: '/srv/farm', BACKUP_DIR: '/mnt/disk2/farm' }), '/bin/pgbackrest').repoDir,
    ).toBe('/mnt/disk2/farm/pgbackrest');
  });
});

describe('the start-up line about backups', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('asks for a first backup when there is none', () => {
    expect(describeNewestBackup([], now)).toMatch(/No backup yet: run `npm run backup`/);
  });
  it('gives the newest backup and its age', () => {
    expect(describeNewestBackup([set('A', '2026-11-20T02:30:00Z'), set('B', '2026-11-28T02:30:00Z')], now)).toBe(
      'Newest backup: B, today.',
    );
    expect(describeNewestBackup([set('C', '2026-11-27T02:30:00Z')], now)).toBe('Newest backup: C, 1 day ago.');
  });
  it('says backups are overdue after a week', () => {
    expect(describeNewestBackup([set('D', '2026-11-19T02:30:00Z')], now)).toMatch(/9 days ago\. Backups are overdue/);
  });
});
