// The file adapter on real files: digests, seed counts and every refusal, gathered on this
// thread and on a worker thread, which must agree fact for fact.
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  WORKER_THRESHOLD,
  fileFacts,
  hashFile,
  prefetchFileFacts,
} from '../src/adapters/fs/file-facts.js';
import {
  decodeCapped,
  readCapped,
  readCappedShared,
  readCappedSync,
} from '../src/adapters/fs/safe-read.js';
import { GateError } from '../src/types.js';

const top = mkdtempSync(path.join(tmpdir(), 'ledger-gate-files-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const root = path.join(top, 'repo');
const outside = path.join(top, 'outside');

const sha = (b: Buffer | string) => 'sha256:' + createHash('sha256').update(b).digest('hex');
const put = (rel: string, body: Buffer | string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), body);
};

// Bigger than one read chunk, so the chunked path is exercised too.
const BIG = Buffer.alloc(3 * 1024 * 1024 + 7, 'ab');
put('g/small.bin', 'golden\n');
put('g/empty.bin', '');
put('g/big.bin', BIG);
mkdirSync(path.join(root, 'g/dir'));
symlinkSync('small.bin', path.join(root, 'g/link.bin'));
execFileSync('mkfifo', [path.join(root, 'g/fifo')]);
mkdirSync(outside);
writeFileSync(path.join(outside, 'secret'), 'secret\n');
symlinkSync(outside, path.join(root, 'escape'));
symlinkSync(path.join(outside, 'secret'), path.join(root, 'g/out-link.bin'));
symlinkSync('nowhere.bin', path.join(root, 'g/dangling.bin'));
symlinkSync('loop-b.bin', path.join(root, 'g/loop-a.bin'));
symlinkSync('loop-a.bin', path.join(root, 'g/loop-b.bin'));
put('s/two/a.json', '1');
put('s/two/deep/b.json', '2');
mkdirSync(path.join(root, 's/empty'));
symlinkSync('two', path.join(root, 's/linked'));

const ARTIFACTS = [
  'g/small.bin',
  'g/empty.bin',
  'g/big.bin',
  'g/dir',
  'g/link.bin',
  'g/fifo',
  'g/absent.bin',
  'escape/secret',
  'escape/absent',
  'g/out-link.bin',
  'g/dangling.bin',
  'g/loop-a.bin',
  'g/absent-folder/x.bin',
];
const SEEDS = ['s/two/', 's/empty/', 's/linked/', 's/absent/', 'g/small.bin', 'escape/'];

const EXPECTED_ARTIFACTS = {
  'g/small.bin': { digest: sha('golden\n') },
  'g/empty.bin': { digest: sha('') },
  'g/big.bin': { digest: sha(BIG) },
  'g/dir': { problem: 'is not a regular file (directory): refused' },
  'g/link.bin': { problem: 'is a symlink: refused' },
  'g/fifo': { problem: 'is not a regular file (FIFO): refused' },
  'g/absent.bin': { problem: 'no such file' },
  'escape/secret': { problem: 'resolves outside the repository' },
  'escape/absent': { problem: 'no such file' },
  'g/out-link.bin': { problem: 'resolves outside the repository' },
  'g/dangling.bin': { problem: 'no such file' },
  'g/loop-a.bin': { problem: 'unreadable (ELOOP)' },
  'g/absent-folder/x.bin': { problem: 'no such file' },
};
const EXPECTED_SEEDS = {
  's/two/': { files: 2 },
  's/empty/': { files: 0 },
  's/linked/': { files: 0, problem: 'is not a folder (symlink)' },
  's/absent/': { files: 0, problem: 'no such folder' },
  'g/small.bin': { files: 0, problem: 'is not a folder (file)' },
  'escape/': { files: 0, problem: 'is not a folder (symlink)' },
};

describe('fileFacts', () => {
  test.each([
    ['this thread', false, 'main'],
    ['a worker thread', true, 'worker'],
  ])('on %s: digests, seed counts and refusals', async (_, worker, on) => {
    const facts = await fileFacts(root, ARTIFACTS, SEEDS, { worker });
    expect(facts.on).toBe(on);
    expect(Object.fromEntries(facts.artifacts)).toEqual(EXPECTED_ARTIFACTS);
    expect(Object.fromEntries(facts.seeds)).toEqual(EXPECTED_SEEDS);
  });

  test('each distinct path once; a large set goes to the worker by default', async () => {
    const many = Array.from({ length: WORKER_THRESHOLD }, () => 'g/small.bin');
    const facts = await fileFacts(root, [...many, 'g/big.bin'], []);
    expect([...facts.artifacts.keys()]).toEqual(['g/small.bin', 'g/big.bin']);
    expect(facts.on).toBe('main');
    const names = Array.from({ length: WORKER_THRESHOLD }, (_, i) => `g/n${i}.bin`);
    const wide = await fileFacts(root, names, []);
    expect(wide.on).toBe('worker');
    expect(wide.artifacts.get('g/n0.bin')).toEqual({ problem: 'no such file' });
  });
});

describe('prefetchFileFacts', () => {
  test('paths scanned from the ledger text early, the ones the scan misses after the parse', async () => {
    // Plain values are scanned; a quoted one and one with a comment are not, and an escaping
    // one is refused as always. The parsed paths are what fileFacts is asked for.
    const ledger = path.join(root, 'ledger.yaml');
    writeFileSync(
      ledger,
      [
        'version: 1',
        'rows:',
        '  - id: a',
        '    artifact: g/small.bin',
        '  - id: b',
        "    artifact: 'g/big.bin'",
        '  - id: c',
        '    artifact: g/empty.bin # a comment',
        '  - id: d',
        '    artifact: escape/secret',
        '  - id: e',
        '    seeds: s/two/',
        '',
      ].join('\n'),
    );
    const early = prefetchFileFacts(root, ledger);
    const scanned = await early.finish();
    expect(scanned && [...scanned.artifacts.keys()].sort()).toEqual([
      'escape/secret',
      'g/small.bin',
    ]);
    const parsed = ['g/small.bin', 'g/big.bin', 'g/empty.bin', 'escape/secret'];
    const facts = await fileFacts(root, parsed, ['s/two/'], { early });
    expect(Object.fromEntries(facts.artifacts)).toEqual(
      Object.fromEntries(
        parsed.map((p) => [p, EXPECTED_ARTIFACTS[p as keyof typeof EXPECTED_ARTIFACTS]]),
      ),
    );
    expect(Object.fromEntries(facts.seeds)).toEqual({ 's/two/': { files: 2 } });
  });

  test('the goldens are shared with this thread: each hashed once, by one of the two', async () => {
    // Enough goldens that both threads take some: this one takes its turns as soon as the
    // worker has sent the list, the worker keeps taking its own meanwhile.
    const n = 400;
    mkdirSync(path.join(root, 'many'), { recursive: true });
    const lines = ['version: 1', 'rows:'];
    for (let i = 0; i < n; i++) {
      writeFileSync(path.join(root, 'many', `g${i}.bin`), `golden ${i}\n`);
      lines.push(`  - id: t${i}`, `    artifact: many/g${i}.bin`);
    }
    const ledger = path.join(root, 'many.yaml');
    writeFileSync(ledger, lines.join('\n') + '\n');
    const early = prefetchFileFacts(root, ledger);
    const facts = (await early.finish())!;
    expect(facts.artifacts.size).toBe(n);
    for (let i = 0; i < n; i++)
      expect(facts.artifacts.get(`many/g${i}.bin`)).toEqual({ digest: sha(`golden ${i}\n`) });
    expect(await early.finish()).toBe(facts); // once: a second call gives the same answer
  });

  test('a ledger that is a FIFO or missing scans nothing, and nothing is lost', async () => {
    for (const ledger of [path.join(root, 'g/fifo'), path.join(root, 'absent.yaml')]) {
      const early = prefetchFileFacts(root, ledger);
      expect((await early.finish())?.artifacts.size).toBe(0);
      const facts = await fileFacts(root, ['g/small.bin'], [], { early });
      expect(facts.artifacts.get('g/small.bin')).toEqual(EXPECTED_ARTIFACTS['g/small.bin']);
    }
  });
});

/** A read's text, or its refusal in one line: how two readers of the same file are compared. */
async function outcome(read: () => Promise<string> | string) {
  try {
    return { text: await read() };
  } catch (e) {
    return { error: (e as GateError).oneLine ?? String(e) };
  }
}

describe('readCappedSync', () => {
  test.each(['g/small.bin', 'g/big.bin', 'g/dir', 'g/link.bin', 'g/fifo', 'g/absent.bin'])(
    'reads or refuses %s exactly as readCapped does',
    async (rel) => {
      const abs = path.join(root, rel);
      const max = 1024 * 1024; // g/big.bin is over it
      const sync = await outcome(() => readCappedSync(abs, max, rel));
      expect(sync).toEqual(await outcome(() => readCapped(abs, max, rel)));
      if (rel === 'g/small.bin') expect(sync).toEqual({ text: 'golden\n' });
      else expect(sync).toHaveProperty('error');
    },
  );
});

describe('readCappedShared', () => {
  test.each(['g/small.bin', 'g/big.bin', 'g/dir', 'g/link.bin', 'g/fifo', 'g/absent.bin'])(
    'reads (into shared memory, decoded apart) or refuses %s exactly as readCapped does',
    async (rel) => {
      const abs = path.join(root, rel);
      const max = 1024 * 1024; // g/big.bin is over it
      const shared = await outcome(async () => {
        const bytes = await readCappedShared(abs, max, rel);
        expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer); // what the worker scans
        return decodeCapped(bytes, rel);
      });
      expect(shared).toEqual(await outcome(() => readCapped(abs, max, rel)));
      if (rel === 'g/small.bin') expect(shared).toEqual({ text: 'golden\n' });
      else expect(shared).toHaveProperty('error');
    },
  );

  test('bytes that are not UTF-8 are refused with their line and column, as readCapped does', async () => {
    put('bad.yaml', Buffer.from('version: 1\nrows: \xff\n', 'latin1'));
    const abs = path.join(root, 'bad.yaml');
    const refusal = (e: unknown) => e as GateError;
    const shared = await readCappedShared(abs, 1024)
      .then((bytes) => decodeCapped(bytes, 'bad.yaml'))
      .catch(refusal);
    const alone = await readCapped(abs, 1024, 'bad.yaml').catch(refusal);
    expect(shared).toBeInstanceOf(GateError);
    expect(shared).toEqual(alone);
    expect([(shared as GateError).line, (shared as GateError).column]).toEqual([2, 7]);
  });
});

describe('hashFile', () => {
  test('the digest of a regular file', async () => {
    expect(await hashFile(path.join(root, 'g/big.bin'))).toBe(sha(BIG));
  });

  test('a symlink is refused with a GateError naming the file', async () => {
    const link = path.join(root, 'g/link.bin');
    await expect(hashFile(link)).rejects.toThrow(GateError);
    await expect(hashFile(link)).rejects.toThrow('is a symlink: refused');
  });
});
