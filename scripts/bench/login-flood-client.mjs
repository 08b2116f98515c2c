// The attacker of `npm run bench:login-flood`, in a process of its own so that its work is not
// counted in the measured call's latency: CLIENTS loops, each posting UserLoginAPP with a random
// phone and a wrong password, one after another, until the given seconds have passed. Prints one JSON line:
// answers by envelope code ("http 500", "error" for transport failures) and requests per second.
// With `ipv6` as the fifth argument every request comes from a new IPv6 address (X-Forwarded-For,
// the server trusting one proxy hop), in a new /64 of one /48: a host rotating through its prefixes.
import { Agent, request } from 'node:http';

const [base, clients, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const ipv6 = process.argv[5] === 'ipv6';
const url = new URL('/api/auth/api/UserLogin/UserLoginAPP', base);
const agent = new Agent({ keepAlive: true, maxSockets: clients });
const counts = {};
const count = (k) => (counts[k] = (counts[k] ?? 0) + 1);
const randomPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const group = () => Math.floor(Math.random() * 0x10000).toString(16);
/** A random address in 2001:db8:bad::/48 (documentation space): random /64, random interface id. */
const randomIpv6 = () => `2001:db8:bad:${group()}:${group()}:${group()}:${group()}:${group()}`;

function post(body) {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(ipv6 ? { 'x-forwarded-for': randomIpv6() } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let code;
          try {
            code = JSON.parse(text).code;
          } catch {
            code = `http ${res.statusCode}`;
          }
          resolve(String(code));
        });
      },
    );
    req.on('error', () => resolve('error'));
    req.end(body);
  });
}

const deadline = Date.now() + seconds * 1000;
let total = 0;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < deadline) {
      count(await post(JSON.stringify({ phone: randomPhone(), password: 'Wrong12345' })));
      total++;
    }
  }),
);
agent.destroy();
console.log(JSON.stringify({ counts, perSecond: Math.round(total / seconds) }));
