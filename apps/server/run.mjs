/**
 * Runs one of the server's entries (src/entries/<name>.ts: `pnpm serve`, `pnpm leads`, `pnpm insights`) from
 * one file that esbuild bundles from its sources, and bundles again whenever one of them changed.
 * Usage: node apps/server/run.mjs <entry> [its arguments]
 *
 * Why not tsx, as the dev server runs: tsx's loader hooks see each of the 760 modules these entries load, which
 * cost 2 CPU-seconds per start against 0.5 from one bundle (docs/decisions/0033-server-entries-run-from-a-bundle.md),
 * and the lead tests start a server or the CLI about 110 times on each Node, an operator each time they ask.
 * Plain JavaScript, as it runs before anything can compile TypeScript.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const serverDir = dirname(fileURLToPath(import.meta.url))
const repoRoot = join(serverDir, '../..')
const [name] = process.argv.splice(2, 1)
const entry = join(serverDir, 'src/entries', `${name}.ts`)
const bundleDir = join(serverDir, '.bundle')
const bundle = join(bundleDir, `${name}.mjs`)
const inputsFile = join(bundleDir, `${name}.inputs.json`)

/**
 * Our sources find files next to themselves (the repository's root, its `.env`, the web app's folder):
 * each keeps its own `import.meta.url` in the bundle, so it finds the same files as when run from source.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined
      const source = readFileSync(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const extension = args.path.split('.').at(-1)
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: extension === 'tsx' ? 'tsx' : extension.endsWith('ts') ? 'ts' : 'js',
        resolveDir: dirname(args.path),
      }
    })
  },
}

if (!name || !existsFile(entry)) {
  process.stderr.write(`error: no server entry named "${name ?? ''}" (apps/server/src/entries/<name>.ts)\n`)
  process.exit(1)
}
if (isStale()) await rebuild()
// A stack trace names our source files and lines, not the bundle's.
process.setSourceMapsEnabled(true)
await import(pathToFileURL(bundle).href)

function existsFile(path) {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false
}

/** Missing, or older than one of the files it was built from (the lockfile and this script among them). */
function isStale() {
  const built = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs
  if (built === undefined || !existsFile(inputsFile)) return true
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
  return inputs.some((input) => (statSync(input, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > built)
}

async function rebuild() {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    sourcemap: 'linked',
    outfile: bundle,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: repoRoot,
    // Native or WebAssembly packages that find their own files; `pg` asks for its optional native binding.
    external: ['better-sqlite3', '@electric-sql/pglite', 'pg-native'],
    // The CommonJS packages inside call `require` for Node's own modules.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    plugins: [sourceLocations],
  })
  mkdirSync(bundleDir, { recursive: true })
  const inputs = [
    ...Object.keys(result.metafile.inputs).map((input) => join(repoRoot, input)),
    join(repoRoot, 'pnpm-lock.yaml'),
    fileURLToPath(import.meta.url),
  ].filter(existsFile)
  // Written aside and renamed, the bundle last: two processes that start at once (the lead tests on two Nodes)
  // each see whole files.
  const suffix = `.${process.pid}.tmp`
  const written = (path, contents) => {
    writeFileSync(path + suffix, contents)
    renameSync(path + suffix, path)
  }
  written(inputsFile, JSON.stringify(inputs))
  const code = result.outputFiles.find((file) => file.path === bundle)
  for (const file of result.outputFiles) if (file !== code) written(file.path, file.contents)
  written(bundle, code.contents)
}
