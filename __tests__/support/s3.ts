// A real S3-compatible server in this process (s3rver, objects on disk in a temporary folder) for
// the S3 storage tests. s3rver accepts any Signature V4 without checking it, so every request is
// first checked against the signature the independent `aws4` signer computes for it: a request
// signed wrongly is refused with 403 SignatureDoesNotMatch, as AWS and MinIO refuse it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import aws4 from 'aws4';
import S3rver from 's3rver';

// s3rver knows one account, with these credentials.
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_REGION = 'us-east-1';

export type S3TestServer = { endpoint: string; bucket: string; requests: IncomingMessage[]; close(): Promise<void> };

export async function startS3(bucket = 'portal'): Promise<S3TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const s3 = new S3rver({ directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    if (signatureMatches(req)) return handle(req, res);
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=[0-9a-f]{64}$/;

/** Re-signs the request with `aws4` over the headers it says it signed, and compares. */
function signatureMatches(req: IncomingMessage): boolean {
  const auth = req.headers.authorization ?? '';
  const m = AUTH.exec(auth);
  if (!m || m[1] !== S3_CREDENTIALS.accessKeyId || m[3] !== S3_REGION) return false;
  const signed = m[4]!.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256'))
    return false;
  const headers = Object.fromEntries(signed.map((h) => [h, String(req.headers[h] ?? '')]));
  const request = { host: headers.host, path: req.url, method: req.method, headers, service: 's3', region: S3_REGION };
  aws4.sign(request, S3_CREDENTIALS);
  return (request.headers as Record<string, string>).Authorization === auth;
}
