// Stands in for `fdir`, tinyglobby's folder walker, in the bundles (tsconfig.json `paths`, as
// bottleneck.ts stands in for octokit's Bottleneck). fdir's ES module build loads `picomatch`
// at run time if it can, by a `require` made from its own file's URL: in a bundle that is a
// search of every node_modules folder above dist/, and whatever module of that name it finds
// there runs inside the gate. Those folders are not the gate's (this checkout's node_modules,
// installed from the change's lockfile; on a runner, whatever an earlier step wrote above the
// action's folder). fdir's CommonJS build requires picomatch by name, which the bundler
// resolves when it builds: to the copy the bundle holds anyway. scripts/build.mjs fails a
// build that bundles the ES module build.
export { fdir } from '../../../node_modules/fdir/dist/index.cjs';
