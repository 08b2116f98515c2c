// The registry mirror reachable here serves only the platform packages of this
// machine's kind, so `npm install` writes a lock without the other platforms'
// optional binaries and `npm ci` then refuses it as "out of sync". This adds a
// placeholder entry (version + os/cpu/libc, no tarball) for each missing optional
// dependency; npm ci skips them as unsupported platforms. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[base] || pkgs[`node_modules/${name}`]) continue;
    const parts = name.split(/[-/@]/);
    const os = OS.filter((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
    const cpu = CPU.filter(
      (c) => parts.includes(c) || (c === 'arm' && parts.some((p) => p.startsWith('arm') && p !== 'arm64')),
    );
    const entry = { version: range.replace(/^[\^~=]/, ''), dev: meta.dev, optional: true };
    if (!meta.dev) delete entry.dev;
    if (os.length) entry.os = os;
    if (cpu.length) entry.cpu = cpu;
    if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
    if (!os.length && !cpu.length) entry.os = ['none'];
    pkgs[`node_modules/${name}`] = entry;
    added++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lockfile: ${added} placeholder entries added`);
