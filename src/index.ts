// The action's entry: dist/index.js. Everything happens in run().
import { run } from './main.js';

await run();
