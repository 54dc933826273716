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

/** Debian packages the cluster needs that this machine lacks. */
export function missingPackages(): string[] {
  const missing = NEEDED.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
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
