// Real zip files, written by Python's zipfile (a zip writer other than ours): the artifact zips
// the tests serve, and hostile ones (symlinks, `..`, absolute paths, bombs, lying sizes).
import { execFileSync } from 'node:child_process';

export interface ZipSpec {
  name: string;
  /** Text of the file; absent for a folder (a name ending in `/`). */
  text?: string;
  /** A run of this many zero bytes instead of text (a bomb's payload). */
  zeros?: number;
  /** Unix mode for the external attributes, e.g. 0o120777 for a symlink. */
  mode?: number;
  stored?: boolean;
}

const SCRIPT = `
import io, json, sys, warnings, zipfile
# Some zips repeat a name on purpose (a hostile artifact): no warning for that on stderr.
warnings.simplefilter('ignore')
specs = json.load(sys.stdin)
out = io.BytesIO()
# A non-seekable writer uses data descriptors, as the artifact service's streaming writer does.
class Stream(io.RawIOBase):
    def writable(self): return True
    def write(self, b): out.write(b); return len(b)
with zipfile.ZipFile(Stream(), 'w', zipfile.ZIP_DEFLATED) as z:
    for s in specs:
        info = zipfile.ZipInfo(s['name'], (2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED if s.get('stored') else zipfile.ZIP_DEFLATED
        if 'mode' in s:
            info.create_system = 3
            info.external_attr = s['mode'] << 16
        data = b'\\0' * s['zeros'] if 'zeros' in s else s.get('text', '').encode()
        z.writestr(info, data)
sys.stdout.buffer.write(out.getvalue())
`;

export function makeZip(specs: ZipSpec[]): Buffer {
  return execFileSync('python3', ['-c', SCRIPT], { input: JSON.stringify(specs) });
}

/** Rewrites the uncompressed size the central directory declares for the first entry. */
export function lieAboutSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const cd = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(size, cd + 24);
  return out;
}
