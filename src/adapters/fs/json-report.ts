// The JSON report written to a file a batch of findings at a time (src/report/json.ts's
// chunks): at 100k findings it is 30 MB, which as one string would be built, flattened and
// encoded whole before a byte is written (half a second of the CLI's L run).
import { open } from 'node:fs/promises';
import { jsonChunks } from '../../report/json.js';
import type { Report } from '../../types.js';

export async function writeJsonReport(file: string, report: Report): Promise<void> {
  const out = await open(file, 'w');
  try {
    for (const chunk of jsonChunks(report)) await out.write(chunk);
  } finally {
    await out.close();
  }
}
