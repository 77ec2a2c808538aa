// The action's entry: dist/index.js. Everything happens in run().
import { exitWhenFlushed } from './adapters/actions/exit.js';
import { run } from './main.js';

await run();
await exitWhenFlushed();
