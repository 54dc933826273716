// Zod probes `new Function` once, to compile faster object parsers, unless `jitless`; under this site's Content
// Security Policy (script-src 'self') the probe is refused and reported, an entry in the browser's Issues panel.
// Zod keeps its settings in this global (shared by every copy of zod on a page), set here before any zod code
// runs: importing zod's `config` would bring part of zod into the first script.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
