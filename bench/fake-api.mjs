// A stand-in for the GitHub API on 127.0.0.1 for the action rows of `npm run bench`: it answers
// the check run's create (POST) and updates (PATCH) at once, and 404s anything else (logged,
// so a new call the action starts making shows up). Prints its URL on the first line of stdout.
import { createServer } from 'node:http';

let next = 1;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const send = (status, obj) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(obj));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const m = /^\/repos\/[^/]+\/[^/]+\/check-runs(?:\/(\d+))?$/.exec(url.pathname);
    if (m && req.method === 'POST' && !m[1]) return send(201, { id: next++, html_url: 'x' });
    if (m && req.method === 'PATCH' && m[1]) return send(200, { id: Number(m[1]) });
    process.stderr.write(`fake-api: no route for ${req.method} ${url.pathname}\n`);
    send(404, { message: 'Not Found' });
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
