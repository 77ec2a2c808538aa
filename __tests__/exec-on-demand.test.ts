// The bundles' stand-in for @actions/exec (tsconfig.json `paths`): it loads the real package on
// the first call and answers as the real one does.
import { describe, expect, test } from '@jest/globals';
import * as actual from '@actions/exec';
import { exec, getExecOutput } from '../src/adapters/actions/exec-on-demand.js';

describe('@actions/exec, loaded on the first call', () => {
  test('getExecOutput gives what the package gives: exit code, stdout and stderr', async () => {
    const args = [
      '-e',
      'process.stdout.write("out é"); process.stderr.write("err"); process.exit(3)',
    ];
    const o = { silent: true, ignoreReturnCode: true };
    const got = await getExecOutput(process.execPath, args, o);
    expect(got).toEqual({ exitCode: 3, stdout: 'out é', stderr: 'err' });
    expect(got).toEqual(await actual.getExecOutput(process.execPath, args, o));
  });

  test('exec returns the exit code, and refuses a failing one unless told to ignore it', async () => {
    const args = ['-e', 'process.exit(2)'];
    expect(await exec(process.execPath, args, { silent: true, ignoreReturnCode: true })).toBe(2);
    await expect(exec(process.execPath, args, { silent: true })).rejects.toThrow(
      /failed with exit code 2/,
    );
  });
});
