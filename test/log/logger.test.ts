import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/logger.js';

const SECRET = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==';
const PASSPHRASE = '0123456789abcdef'.repeat(4);

function memoryLogger(level = 'trace') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const logger = createLogger({ level, secrets: [SECRET, PASSPHRASE], destination, headerPrefix: 'SERVICE_' });
  return { logger, text: () => lines.join(''), lines };
}

describe('createLogger', () => {
  it('writes JSON lines with level labels and component bindings', () => {
    const { logger, lines } = memoryLogger('info');
    logger.child({ component: 'poller' }).info({ tokens: 3 }, 'polled');
    logger.debug('hidden at info');
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({ level: 'info', component: 'poller', tokens: 3, msg: 'polled', service: 'makerd' });
  });

  it('redacts auth headers by path, in any case', () => {
    const { logger, text } = memoryLogger();
    logger.info(
      { headers: { SERVICE_PASSPHRASE: 'p-value-1', service_signature: 'sig-value-2', service_api_key: 'key-value-3', accept: 'json' } },
      'req',
    );
    logger.info({ req: { headers: { service_passphrase: 'p-value-4' } } }, 'req');
    const out = text();
    for (const v of ['p-value-1', 'sig-value-2', 'key-value-3', 'p-value-4']) expect(out).not.toContain(v);
    expect(out).toContain('"accept":"json"');
    expect(out).toContain('[redacted]');
  });

  it('redacts secret and passphrase fields anywhere one level deep', () => {
    const { logger, text } = memoryLogger();
    logger.info({ venue: { secret: 'x-secret-value', passphrase: 'x-pass-value', address: '0xabc' } }, 'config');
    const out = text();
    expect(out).not.toContain('x-secret-value');
    expect(out).not.toContain('x-pass-value');
    expect(out).toContain('0xabc');
  });

  it('scrubs configured secret values from messages and error texts', () => {
    const { logger, text } = memoryLogger();
    logger.error({ err: new Error(`boom with ${SECRET} inside`) }, `failed with passphrase ${PASSPHRASE}`);
    logger.warn({ detail: { nested: { deeper: SECRET } } }, 'deep');
    const out = text();
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain(PASSPHRASE);
    expect(out.match(/\[redacted\]/g)!.length).toBeGreaterThanOrEqual(3);
  });
});
