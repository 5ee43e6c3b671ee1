import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tracked = execFileSync('git', ['ls-files', 'apps', 'packages'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)))

/** `apps/web` for `apps/web/app/x.ts`: the app or package a file belongs to. */
const workspaceOf = (file: string) => file.split('/').slice(0, 2).join('/')

/** Relative module specifiers: static and dynamic imports, re-exports, and `new URL('…', import.meta.url)`. */
function relativeSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] as string))
}

describe('the house: what two apps share is a declared package', () => {
  it('no module of an app or package reaches into another app or package by a relative path', () => {
    const crossings: string[] = []
    for (const file of tracked.filter((name) => /\.(ts|tsx)$/.test(name))) {
      const own = workspaceOf(file)
      for (const specifier of relativeSpecifiers(readFileSync(join(root, file), 'utf8'))) {
        const target = normalize(join(dirname(file), specifier))
        const reachesAnother = /^(apps|packages)\/[^/]+/.test(target) && workspaceOf(target) !== own
        if (reachesAnother) crossings.push(`${file} -> ${specifier}`)
      }
    }
    expect(crossings).toEqual([])
  })
})

describe('the workspaces depend on each other in one direction', () => {
  const manifests = tracked.filter((file) => /^(apps|packages)\/[^/]+\/package\.json$/.test(file))
  const dependsOn = new Map(
    manifests.map((file) => {
      const manifest = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
        name: string
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
      }
      const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      return [manifest.name, declared.filter((name) => name.startsWith('@site/'))]
    }),
  )

  it('no workspace depends on itself through another', () => {
    const cycles: string[] = []
    const visit = (name: string, path: string[]) => {
      for (const next of dependsOn.get(name) ?? []) {
        if (next === path[0]) cycles.push([...path, next].join(' -> '))
        else if (!path.includes(next)) visit(next, [...path, next])
      }
    }
    for (const name of dependsOn.keys()) visit(name, [name])
    expect(cycles).toEqual([])
  })
})

describe("docs/architecture.md's block matches the tree", () => {
  const section = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
  const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4))
  /** The paths the block names: the first word of each line that names a folder (`apps/web/app/forms/`). */
  const named = new Set(
    block
      .split('\n')
      .map((line) => /^\s*((?:apps|packages)\/[\w./-]+?)\/?(?:\s|$)/.exec(line)?.[1])
      .filter((path): path is string => Boolean(path)),
  )
  /** Every folder holding tracked files, down to a workspace's second level (`apps/web/app/forms`). */
  const folders = new Set(
    tracked.flatMap((file) => {
      const parts = dirname(file).split('/')
      const levels = [] as string[]
      for (let depth = 2; depth <= Math.min(parts.length, 4); depth++) levels.push(parts.slice(0, depth).join('/'))
      return levels
    }),
  )
  const listed = (folder: string) => {
    // A source root (`src`, `app`) is named through its folders, or itself when it has none.
    const children = [...folders].filter((other) => dirname(other) === folder)
    return !/\/(src|app)$/.test(folder) || children.length === 0
  }

  it('names every folder under apps/ and packages/', () => {
    const missing = [...folders].filter((folder) => listed(folder) && !named.has(folder)).sort()
    expect(missing).toEqual([])
  })

  it('names no folder that does not exist', () => {
    const stale = [...named].filter((path) => !existsSync(join(root, path))).sort()
    expect(stale).toEqual([])
  })
})
