// The one place that names this project's GitHub repository: package.json's `repository`
// (`github:OWNER/NAME`), read when the bundle is built. A fork changes that line, then runs
// `node scripts/sync-readme.mjs` (it runs sync-schema.mjs, which writes the schema's $id; the
// README follows) and `npm run build`.
import pkg from '../package.json' with { type: 'json' };

/** OWNER/NAME of this project on GitHub. */
export const REPOSITORY = pkg.repository.replace(/^github:/, '');

/**
 * The tag users pin (`uses: OWNER/NAME@v1`): `v` + the major of package.json's version, moved
 * by the release workflow only within that major (scripts/release.mjs computes the same).
 */
export const MAJOR_TAG = `v${pkg.version.split('.')[0]}`;

/** The ledger's JSON Schema at the major tag: the schema's `$id` and `init`'s modeline. */
export const SCHEMA_URL = `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`;

/** The release's CLI tarball, as the README's install lines name it. */
export const releaseTarball = (): string =>
  `https://github.com/${REPOSITORY}/releases/download/v${pkg.version}/${pkg.name}-${pkg.version}.tgz`;
