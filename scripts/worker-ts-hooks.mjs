// Lets a worker thread run src/worker/entry.ts straight from the TypeScript sources (the tests run
// the sources; the bundles ship a built worker.js instead). Passed as `--import` to the worker:
// it registers module hooks that resolve `./x.js` to `./x.ts` and compile .ts files with
// TypeScript's transpileModule (types removed; nothing is type-checked here).
import { register } from 'node:module';

register('./worker-ts-loader.mjs', import.meta.url);
