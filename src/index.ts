// The action's entry: dist/index.js. The first stage (action/begin.ts) sends the check run's
// creation; only then is the rest of the action loaded (main.js's graph, an ncc chunk), so the
// request's round trip overlaps compiling it. Everything else happens in run().
import { endNaturally } from './adapters/actions/exit.js';
import { begin, cannotLoad } from './action/begin.js';

const beginning = begin(process.env);
// octokit's hooks take a few turns of the event loop before the request leaves: let them,
// or the chunk's compile (one synchronous stretch) would hold it back.
if (beginning.ok) await beginning.begun.api.sent();
const main = await import('./main.js').catch((e: unknown) => cannotLoad(beginning, e, process.env));
if (main) await main.run(process.env, beginning);
endNaturally();
