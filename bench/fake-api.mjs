// A stand-in for the GitHub API on 127.0.0.1 for the action rows of `npm run bench`: it answers
// the check run's create (POST) and updates (PATCH) at once, and 404s anything else (logged,
// so a new call an action starts making shows up). Prints its URL on the first line of stdout.
// With a file argument, each check-run write is appended to it as one JSON line
// ({ id, method, name, status, conclusion, at }), so the bench can verify that every measured run
// left a completed check run (bench/peers.mjs, checkRuns()); `at` (epoch ms, when the request
// arrived) is how bench/profile.mjs times an action's first request from its start.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const log = process.argv[2];
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
    const write = m && ((req.method === 'POST' && !m[1]) || (req.method === 'PATCH' && m[1]));
    if (!write) {
      process.stderr.write(`fake-api: no route for ${req.method} ${url.pathname}\n`);
      return send(404, { message: 'Not Found' });
    }
    const id = m[1] ? Number(m[1]) : next++;
    if (log) {
      let b = {};
      try {
        b = JSON.parse(body);
      } catch {
        // Not JSON: logged without its fields, so the run fails verification.
      }
      const line = {
        id,
        method: req.method,
        name: b.name,
        status: b.status,
        conclusion: b.conclusion,
        at: Date.now(),
      };
      appendFileSync(log, JSON.stringify(line) + '\n');
    }
    send(m[1] ? 200 : 201, { id, html_url: `https://github.example/check-runs/${id}` });
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
