import { join } from 'node:path'
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js'
import { Severity } from 'csp_evaluator/dist/finding.js'
import { CspParser } from 'csp_evaluator/dist/parser.js'
import { expect, it } from 'vitest'
import { htmlDocuments, PRODUCTION, read, requireBuild } from './support/builtSite'

const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/

/** Each policy the production build sends: the meta tag of every page and every rule of `_headers`. */
function policies(): { where: string; policy: string }[] {
  const fromPages = htmlDocuments(PRODUCTION).map(({ file, route }) => {
    const policy = META_POLICY.exec(read(file))?.[1]
    if (!policy) throw new Error(`${route} has no Content-Security-Policy meta tag`)
    return { where: `${route} (meta)`, policy: policy.replaceAll('&#39;', "'").replaceAll('&quot;', '"') }
  })
  const fromHeaders: { where: string; policy: string }[] = []
  let path = ''
  for (const line of read(join(PRODUCTION, '_headers')).split('\n')) {
    if (line && !line.startsWith(' ')) path = line.trim()
    const header = /^\s+Content-Security-Policy:\s*(.+)$/.exec(line)
    if (header) fromHeaders.push({ where: `${path} (_headers)`, policy: header[1]! })
  }
  return [...fromPages, ...fromHeaders]
}

it("Google's CSP Evaluator finds nothing of high severity, nor a syntax error, in any policy the site sends", () => {
  requireBuild(PRODUCTION, 'pnpm build')
  const all = policies()
  expect(all.filter(({ where }) => where.endsWith('(_headers)')).length).toBeGreaterThanOrEqual(27)
  const findings = all.flatMap(({ where, policy }) =>
    new CspEvaluator(new CspParser(policy).csp)
      .evaluate()
      .filter(({ severity }) => severity === Severity.HIGH || severity === Severity.SYNTAX)
      .map(({ directive, description }) => `${where} ${directive}: ${description}`),
  )
  expect(findings).toEqual([])
})
