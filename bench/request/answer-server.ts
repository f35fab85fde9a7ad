/**
 * The request bench's venue stand-in, run as its own process so that its CPU time is not counted
 * as the client's: a keep-alive HTTP server on loopback that reads each request body and answers
 * POST /order and DELETE /order with fixed, valid answers. Prints its port on stdout.
 */
import { createServer } from 'node:http';

const ORDER_OK = '{"success":true,"errorMsg":"","orderID":"0x7a1c","status":"live","makingAmount":"0","takingAmount":"0"}';
const CANCEL_OK = '{"canceled":["0x7a1c"],"not_canceled":{}}';

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    const text = req.method === 'POST' ? ORDER_OK : req.method === 'DELETE' ? CANCEL_OK : undefined;
    if (text === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found","code":"NOT_FOUND"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  });
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${typeof addr === 'object' && addr !== null ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
