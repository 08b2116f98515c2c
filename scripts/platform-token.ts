// `npm run platform:token -- <platformKey> <phone> [--name <display name>] [--return <path>]`
// prints a hand-off link as that platform would send it: SITE_URL/correspondence/{token},
// signed with the platform's secret, valid 5 minutes, usable once. For operators and tests;
// it needs no database (the portal checks and spends the token when the link is opened).
import { phoneSchema } from '@/lib/api/schemas/common';
import { isSafeReturnPath } from '@/lib/routing/return-path';
import { env } from '@/lib/server/env';
import { PLATFORMS, findPlatform } from '@/lib/server/platforms/catalogue';
import { issueInboundToken } from '@/lib/server/platforms/handoff-token';

const USAGE = `usage: npm run platform:token -- <platformKey> <phone> [--name <display name>] [--return <path>]
  platformKey: ${PLATFORMS.map((p) => p.key).join(' | ')}`;

function die(msg: string): never {
  console.error(`platform:token: ${msg}\n${USAGE}`);
  process.exit(2);
}

function main() {
  const positional: string[] = [];
  const opts: Record<string, string> = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--name' || a === '--return') {
      const v = argv[++i];
      if (v === undefined) die(`${a} needs a value`);
      opts[a.slice(2)] = v;
    } else if (a.startsWith('--')) die(`unknown option ${a}`);
    else positional.push(a);
  }
  if (positional.length !== 2) die('expected a platform key and a phone number');
  const platform = findPlatform(positional[0]!);
  if (!platform) die(`unknown platform "${positional[0]}"`);
  const phone = phoneSchema.safeParse(positional[1]);
  if (!phone.success) die(`"${positional[1]}" is not a mainland mobile number`);
  const returnPath = opts.return ?? '/';
  if (!isSafeReturnPath(returnPath))
    die(`--return must be a path on this site (starting with one /), not "${returnPath}"`);
  const name = (opts.name ?? '').trim().slice(0, 32);

  const { token, claims } = issueInboundToken(platform, { phone: phone.data, name, returnPath, now: new Date() });
  const link = `${env().SITE_URL.replace(/\/+$/, '')}/correspondence/${token}`;
  console.error(
    `platform:token: ${platform.key} → ${phone.data}, lands on ${returnPath}, valid until ${new Date(claims.exp).toISOString()}, once`,
  );
  console.log(link);
}

main();
