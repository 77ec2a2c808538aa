// Bottleneck's light build (no clustering), the one plugin-throttling loads: the same API as
// the full build, whose types it shares.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
