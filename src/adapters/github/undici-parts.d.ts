// undici's fetch by its own file (proxy.ts says why): the package has no
// `exports` map, so the path is public to Node and the bundler alike; the types are the
// package's own.
declare module 'undici/lib/web/fetch/index.js' {
  export { fetch } from 'undici';
}
