// The action's start, through the bundle under Node 24 against the fake GitHub: the check
// run's creation is sent before the rest of the action is loaded (src/index.ts, an ncc chunk
// for main.ts's graph), and the code parser's grammars ship once, in dist/cli/grammars, which
// the action's bundle reads too.
import { describe, expect, test } from '@jest/globals';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GRAMMAR_FILES } from '../src/adapters/code/grammars.js';
import { pushEvent } from './support/events.js';
import { fakeGitHubForFile, pullRequest7 } from './support/fake-github.js';
import {
  bundle,
  cleanupRun,
  node24,
  runAction,
  type ActionRun,
} from './support/fake-github-runner.js';
import {
  AGENT,
  Repo,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
} from './support/repo.js';

const { gh, cleanup } = fakeGitHubForFile();
const NODE = node24();
const GOLDEN = 'golden bytes v1\n';

/** A change on `src/`, by `who`, its report in reports/junit.xml. */
function change(files: Record<string, string>, who = AGENT) {
  const repo = new Repo('ledger-gate-start-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(scenarioRows(GOLDEN, '2020-01-10')),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  repo.write(files);
  const head = repo.commit('change', who);
  repo.write({ 'reports/junit.xml': pytestXunit1(scenarioCases()) });
  return { repo, base, head };
}

async function act(
  s: ReturnType<typeof change>,
  inputs: Record<string, string> = {},
  entry?: string,
): Promise<ActionRun> {
  const r = await runAction({
    node: NODE.bin,
    workspace: s.repo.dir,
    eventName: 'pull_request',
    event: pullRequest7(gh, s),
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml', ...inputs },
    bundle: entry,
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

describe('the first request before the rest loads', () => {
  test('with the chunk of the gate’s code gone, the check run is still created, then failed with one line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-damaged-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(path.dirname(bundle()), dir, { recursive: true });
    // A line only main.ts says: it is in a chunk of its own, not in the entry (main.js).
    const marker = 'the token may not write checks (a fork';
    const holding = readdirSync(dir).filter(
      (f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes(marker),
    );
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(/^\d+\.index\.js$/);
    rmSync(path.join(dir, holding[0]));

    const r = await act(change({ 'src/lib.py': 'x = 2\n' }), {}, path.join(dir, 'index.js'));
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^::error::ledger-gate: could not load the action's code: /);
    const run = gh.onlyCheckRun();
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output?.summary).toContain('could not load the action');
  });
});

describe('the toolkit’s every-run graph', () => {
  test('the action’s entry holds no @actions/http-client root and no tunnel (tsconfig.json paths)', () => {
    const main = readFileSync(path.join(path.dirname(bundle()), 'main.js'), 'utf8');
    // @actions/core is in (its command files), but not what its OIDC helper would bring:
    // HttpClient's default user agent and tunnel's error text are literals minifying keeps.
    expect(main).toContain('ACTIONS_ID_TOKEN_REQUEST_TOKEN');
    expect(main).not.toContain('actions/http-client');
    expect(main).not.toContain('tunneling socket could not be established');
    // No undici before the first request: the API's fetch is Node's HTTP client
    // (http-fetch.ts); undici (its parser's WASM, its mocks) loads only behind a proxy.
    expect(main).not.toContain('llhttp');
    expect(main).not.toContain('MockNotMatchedError');
    // No @actions/exec or @actions/io: core's `platform` gets a stand-in that loads them on the
    // first process run (src/adapters/actions/exec-on-demand.ts); io's `which` says this.
    expect(main).not.toContain('Unable to locate executable file');
  });

  test('the summary renderer loads after the first request, not in the entry', () => {
    const main = readFileSync(path.join(path.dirname(bundle()), 'main.js'), 'utf8');
    // The summary reaches the evidence paths' table and Python's stdlib names (data only
    // src/decision/python-stdlib.ts holds); annotations.ts, which the client loads, once
    // brought them all in through clipBytes.
    expect(main).toContain('check-runs');
    expect(main).not.toContain('sitecustomize');
  });
});

describe('the runner’s proxy, through the bundle', () => {
  test('with HTTP_PROXY set the API is reached through it (undici’s fetch and ProxyAgent, a chunk)', async () => {
    // The API's name resolves nowhere: only the proxy, which tunnels to the fake GitHub, can
    // reach it (a loopback address would bypass the proxy, as http-client decides).
    const port = Number(new URL(gh.url).port);
    const asked: string[] = [];
    const proxy = createServer((_req, res) => res.writeHead(502).end());
    proxy.on('connect', (req, sock, head) => {
      asked.push(`CONNECT ${req.url}`);
      const up = connect(port, '127.0.0.1', () => {
        sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        up.write(head);
        up.pipe(sock);
        sock.pipe(up);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    cleanup.push(() => proxy.close());
    const s = change({ 'src/lib.py': 'x = 2\n' });
    const r = await runAction({
      node: NODE.bin,
      workspace: s.repo.dir,
      eventName: 'pull_request',
      event: pullRequest7(gh, s),
      apiUrl: `http://api.github.test:${port}`,
      inputs: { junit: 'reports/*.xml' },
      env: { HTTP_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` },
    });
    cleanup.push(() => cleanupRun(r));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((a) => a === `CONNECT api.github.test:${port}`)).toBe(true);
    expect(gh.onlyCheckRun()).toMatchObject({ status: 'completed' });
  });
});

describe('one copy of the grammars', () => {
  test('dist/cli/grammars holds the runtime and every grammar; dist/ holds no second copy', () => {
    const dist = path.dirname(bundle());
    for (const { file } of Object.values(GRAMMAR_FILES))
      expect(existsSync(path.join(dist, 'cli', 'grammars', file))).toBe(true);
    expect(existsSync(path.join(dist, 'grammars'))).toBe(false);
  });

  test('the action reads an agent’s production code as code with the CLI’s copy', async () => {
    const r = await act(
      change({
        'src/report.py':
          'class Report:\n    def __del__(self):\n        """Flush."""\n        open("out.xml", "w").write("")\n',
      }),
      { 'production-paths': 'src/**' },
    );
    expect(r.code).not.toBeNull();
    const gaming = (r.report?.findings ?? []).filter((f) => f.rule === 'production-gaming-shape');
    expect(gaming.map((f) => f.file)).toEqual(['src/report.py']);
    expect(gaming[0].message).toContain('(process-exit)');
    expect(gaming[0].message).not.toContain('not read as code');
  });
});

describe('the gate’s every run', () => {
  test('yaml loads only for a ledger the fast reader declines (src/ledger/parse-lazily.ts)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-loads-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // One of yaml's error texts, a literal minifying keeps: the chunk holding the package.
    const YAML_TEXT = 'Implicit keys need to be on a single line';
    const dist = path.dirname(bundle());
    const holding = readdirSync(dist).filter(
      (f) => f.endsWith('.js') && readFileSync(path.join(dist, f), 'utf8').includes(YAML_TEXT),
    );
    expect(holding).toHaveLength(1);
    // A load hook lists every file the action's threads load (Node 24's module.registerHooks).
    const log = path.join(dir, 'loaded.txt');
    const hook = path.join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      "import { registerHooks } from 'node:module';\n" +
        "import { appendFileSync } from 'node:fs';\n" +
        'registerHooks({ load(url, context, next) {\n' +
        `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n` +
        '  return next(url, context);\n' +
        '} });\n',
    );
    const loads = async (ledger: string) => {
      const repo = new Repo('ledger-gate-loads-');
      cleanup.push(() => repo.cleanup());
      repo.write({
        'tests/ledger.yaml': ledger,
        'tests/goldens/a.txt': GOLDEN,
        'tests/seeds/p/one.json': '[1]\n',
      });
      const head = repo.commit('ledger');
      repo.write({ 'reports/junit.xml': pytestXunit1(scenarioCases()) });
      writeFileSync(log, '');
      const r = await runAction({
        node: NODE.bin,
        workspace: repo.dir,
        eventName: 'push',
        event: pushEvent({ before: '0'.repeat(40), after: head }),
        apiUrl: gh.url,
        inputs: { junit: 'reports/*.xml' },
        env: { NODE_OPTIONS: `--import ${hook}` },
      });
      cleanup.push(() => cleanupRun(r));
      const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      expect(loaded.some((u) => u.endsWith('/main.js'))).toBe(true);
      return {
        code: r.code,
        outputs: r.outputs,
        yaml: loaded.some((u) => u.endsWith(`/${holding[0]}`)),
      };
    };
    const block = ledgerYaml(scenarioRows(GOLDEN, '2020-01-10'));
    const fast = await loads(block);
    expect(fast.yaml).toBe(false);
    expect(fast.outputs.decision).toBe('admit');
    // A directive is outside the fast reader's layout: the yaml chunk reads it, to the same end.
    const full = await loads(`%YAML 1.2\n---\n${block}`);
    expect(full.yaml).toBe(true);
    expect([full.code, full.outputs.decision]).toEqual([fast.code, fast.outputs.decision]);
  });
});
