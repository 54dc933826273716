import { existsSync } from 'node:fs';
import { postgresBinDir } from './postgres.ts';

const NGINX_MODULES = '/usr/lib/nginx/modules';

/** The Debian package behind each file the cluster runs. */
const NEEDED: [file: string, pkg: string][] = [
  ['/usr/sbin/nginx', 'nginx'],
  [`${NGINX_MODULES}/ngx_http_brotli_filter_module.so`, 'libnginx-mod-http-brotli-filter'],
  [`${NGINX_MODULES}/ngx_http_brotli_static_module.so`, 'libnginx-mod-http-brotli-static'],
  ['/usr/sbin/pgbouncer', 'pgbouncer'],
  ['/usr/bin/pgbackrest', 'pgbackrest'],
];

/** What `npm run cluster -- --ha` needs besides: Patroni, etcd and HAProxy. */
const NEEDED_HA: [file: string, pkg: string][] = [
  ['/usr/bin/patroni', 'patroni'],
  ['/usr/bin/etcd', 'etcd-server'],
  ['/usr/sbin/haproxy', 'haproxy'],
];

/** Debian packages the cluster (with `ha`: under Patroni) needs that this machine lacks. */
export function missingPackages(options: { ha?: boolean } = {}): string[] {
  const needed = options.ha ? [...NEEDED, ...NEEDED_HA] : NEEDED;
  const missing = needed.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  try {
    postgresBinDir();
    return missing;
  } catch {
    return [...missing, 'postgresql'];
  }
}

export function installCommand(packages: string[]): string {
  return `${process.getuid?.() === 0 ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;
}
